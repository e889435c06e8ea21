import type { ListedGame } from '@topup/shared/pay-centre-api';
import type { RecentGame } from './recent-games';

/** A way into one game's top-up page: the game and one of its areas. */
export interface GameEntry {
  readonly game: ListedGame;
  readonly area: string;
}

/** The remembered games still on sale in their area, newest first. */
export function recentEntries(games: readonly ListedGame[], recent: readonly RecentGame[]): GameEntry[] {
  return recent.flatMap(({ gameId, area }) => {
    const game = games.find((g) => String(g.game_id) === gameId);
    return game && game.areas.includes(area) ? [{ game, area }] : [];
  });
}
