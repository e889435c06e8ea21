import '../strings';
import '../features/pay-result/strings';
import '../features/my-orders/strings';
import { OrdersPage as MyOrdersPage } from '../features/my-orders/components/OrdersPage';

/** /orders: My orders. */
export default function OrdersPage() {
  return <MyOrdersPage />;
}
