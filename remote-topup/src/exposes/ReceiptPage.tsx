import '../strings';
import '../features/pay-result/strings';
import '../features/my-orders/strings';
import { ReceiptPage as OrderReceiptPage } from '../pages/ReceiptPage';

/** /receipt: a printable receipt of one order. */
export default function ReceiptPage() {
  return <OrderReceiptPage />;
}
