import type { PayGame } from '@topup/shared';

/** One game of the pay centre with every area it is sold in. */
export interface StoreGame {
  readonly game_id: number;
  readonly game_name: string;
  readonly game_icon: string;
  readonly game_desc: string;
  readonly areas: readonly string[];
}

/** `payCenterList` has one entry per game and area: one card per game, its areas in order. */
export function groupByGame(entries: readonly PayGame[]): StoreGame[] {
  const games = new Map<number, { game: PayGame; areas: string[] }>();
  for (const entry of entries) {
    const known = games.get(entry.game_id);
    if (known) {
      if (!known.areas.includes(entry.area)) known.areas.push(entry.area);
    } else {
      games.set(entry.game_id, { game: entry, areas: [entry.area] });
    }
  }
  return [...games.values()].map(({ game, areas }) => ({
    game_id: game.game_id,
    game_name: game.game_name,
    game_icon: game.game_icon,
    game_desc: game.game_desc,
    areas,
  }));
}

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The search of the home page: every word typed appears in the game's name or description. */
export function matchesSearch(game: Pick<PayGame, 'game_name' | 'game_desc'>, query: string): boolean {
  const words = normalise(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const text = normalise(`${game.game_name} ${game.game_desc}`);
  return words.every((word) => text.includes(word));
}
