import { PlaceholderPage } from '@topup/shared';
import { NAMESPACE } from '../strings';

/** /game: Choose a game. */
export default function GamePage() {
  return <PlaceholderPage remote="remote-topup" namespace={NAMESPACE} titleKey="gamePage.title" />;
}
