import { PlaceholderPage } from '@topup/shared';
import { NAMESPACE } from '../strings';

/** /payResult: Payment result. */
export default function PayResultPage() {
  return <PlaceholderPage remote="remote-topup" namespace={NAMESPACE} titleKey="payResultPage.title" />;
}
