import { PlaceholderPage } from '@topup/shared';
import { NAMESPACE } from '../strings';

/** /pcrole: Choose your character. */
export default function PcRolePage() {
  return <PlaceholderPage remote="remote-pccenter" namespace={NAMESPACE} titleKey="pcRolePage.title" />;
}
