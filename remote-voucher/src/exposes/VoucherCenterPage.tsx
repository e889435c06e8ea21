import '../strings';
import { VoucherCenter } from '../app/VoucherCenter';

/** /index_1: the Voucher Center. */
export default function VoucherCenterPage() {
  return <VoucherCenter />;
}
