import { PlaceholderPage } from '@topup/shared';
import { NAMESPACE } from '../strings';

/** /pcIndex: Pay Center. */
export default function PcIndexPage() {
  return <PlaceholderPage remote="remote-pccenter" namespace={NAMESPACE} titleKey="pcIndexPage.title" />;
}
