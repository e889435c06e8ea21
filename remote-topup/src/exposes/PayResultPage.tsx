import '../strings';
import '../features/pay-result/strings';
import { PayResultPage as OrderResultPage } from '../features/pay-result/components/PayResultPage';

/** /payResult: Payment result. */
export default function PayResultPage() {
  return <OrderResultPage />;
}
