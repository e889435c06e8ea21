import { PlaceholderPage } from '@topup/shared';
import { NAMESPACE } from '../strings';

/** /index_1: Voucher Center. */
export default function VoucherCenterPage() {
  return <PlaceholderPage remote="remote-voucher" namespace={NAMESPACE} titleKey="voucherCenterPage.title" />;
}
