import { RECENT_GAMES_KEY } from './remember-recent-game';

/** A game and area the player confirmed a character for. */
export interface RecentGame {
  readonly gameId: string;
  readonly area: string;
}

/** The games and areas of /game's "Recently topped up", newest first (written by useRememberRecentGame). */
export function readRecentGames(): RecentGame[] {
  let stored = '';
  try {
    stored = localStorage.getItem(RECENT_GAMES_KEY) ?? '';
  } catch {
    return [];
  }
  return stored.split(' ').flatMap((entry) => {
    const match = /^(\w+):(\w+)$/.exec(entry);
    return match ? [{ gameId: match[1] as string, area: match[2] as string }] : [];
  });
}
