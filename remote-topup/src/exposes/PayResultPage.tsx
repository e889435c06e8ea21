import '../strings';
import '../features/pay-result/strings';
import { PayResultPage as OrderResultPage } from '../pages/PayResultPage';

/** /payResult: Payment result. */
export default function PayResultPage() {
  return <OrderResultPage />;
}
