import { useLocation } from 'react-router-dom';
import '../strings';
import '../features/pay-result/strings';
import '../features/my-orders/strings';
import '../features/help/strings';
import { HelpPage } from '../pages/HelpPage';
import { OrdersPage as MyOrdersPage } from '../pages/OrdersPage';

/** /orders: My orders; /help: the help page, whose order lookup opens My orders (shared/src/contracts.ts). */
export default function OrdersPage() {
  return useLocation().pathname === '/help' ? <HelpPage /> : <MyOrdersPage />;
}
