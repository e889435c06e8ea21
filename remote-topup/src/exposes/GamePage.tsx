import '../strings';
import '../features/game-chooser/strings';
import { GamePage as GameChooserPage } from '../pages/GamePage';

/** /game: choose a game (every game and area, the last ones first, a search). */
export default function GamePage() {
  return <GameChooserPage />;
}
