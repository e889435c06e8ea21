import { useEffect } from 'react';

/** Where /game finds the games and areas the player last confirmed a character for: "18:us 44:kr", newest first. */
export const RECENT_GAMES_KEY = 'recent_games';

/**
 * Once a character is confirmed, its game and area go to the front of /game's "Recently topped up".
 * Kept this small because `/` runs it: /game reads the list (recent-games.ts).
 */
export function useRememberRecentGame(gameId: string, area: string, confirmed: boolean): void {
  useEffect(() => {
    if (!confirmed) return;
    const entry = `${gameId}:${area}`;
    try {
      const rest = (localStorage.getItem(RECENT_GAMES_KEY) ?? '').split(' ').filter((e) => e && e !== entry);
      localStorage.setItem(RECENT_GAMES_KEY, [entry, ...rest].slice(0, 4).join(' '));
    } catch {
      /* storage unavailable: /game just lists no recent games */
    }
  }, [gameId, area, confirmed]);
}
