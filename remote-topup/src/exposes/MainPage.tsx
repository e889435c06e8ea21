import { PlaceholderPage } from '@topup/shared';
import { NAMESPACE } from '../strings';

/** /: Top up. */
export default function MainPage() {
  return <PlaceholderPage remote="remote-topup" namespace={NAMESPACE} titleKey="mainPage.title" />;
}
