import { PlaceholderPage } from '@topup/shared';
import { NAMESPACE } from '../strings';

/** /submit: Submit order. */
export default function SubmitPage() {
  return <PlaceholderPage remote="remote-topup" namespace={NAMESPACE} titleKey="submitPage.title" />;
}
