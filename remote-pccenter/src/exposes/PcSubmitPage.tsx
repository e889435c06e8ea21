import { PlaceholderPage } from '@topup/shared';
import { NAMESPACE } from '../strings';

/** /pcSubmit: Choose a bundle. */
export default function PcSubmitPage() {
  return <PlaceholderPage remote="remote-pccenter" namespace={NAMESPACE} titleKey="pcSubmitPage.title" />;
}
