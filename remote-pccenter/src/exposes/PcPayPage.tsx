import { PlaceholderPage } from '@topup/shared';
import { NAMESPACE } from '../strings';

/** /pcpay: Payment. */
export default function PcPayPage() {
  return <PlaceholderPage remote="remote-pccenter" namespace={NAMESPACE} titleKey="pcPayPage.title" />;
}
