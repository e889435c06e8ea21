import '../strings';
import { PcPayment } from '../app/pay/PcPayment';

/** /pcpay: payment and the order's live result. */
export default function PcPayPage() {
  return <PcPayment />;
}
