import type { PayGame } from '@topup/shared/types';

/**
 * One game of the pay centre's list (`payCenterList`), as both stores show it (the pay centre's
 * home and the phone's `/game`): one card per game, with every area it is sold in, in the order
 * the server lists them.
 */
export interface ListedGame {
  readonly game_id: number;
  readonly game_name: string;
  readonly game_icon: string;
  readonly game_desc: string;
  readonly areas: readonly string[];
}

/** `payCenterList` has one entry per game and area: one game with its areas. */
export function groupByGame(entries: readonly PayGame[]): ListedGame[] {
  const games = new Map<number, { game: PayGame; areas: string[] }>();
  for (const entry of entries) {
    const known = games.get(entry.game_id);
    if (!known) games.set(entry.game_id, { game: entry, areas: [entry.area] });
    else if (!known.areas.includes(entry.area)) known.areas.push(entry.area);
  }
  return [...games.values()].map(({ game, areas }) => ({
    game_id: game.game_id,
    game_name: game.game_name,
    game_icon: game.game_icon,
    game_desc: game.game_desc,
    areas,
  }));
}

const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The game search of both stores: every word typed appears in the game's name or description, in any case or width. */
export function matchesSearch(game: Pick<PayGame, 'game_name' | 'game_desc'>, query: string): boolean {
  const words = normalise(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const text = normalise(`${game.game_name} ${game.game_desc}`);
  return words.every((word) => text.includes(word));
}
