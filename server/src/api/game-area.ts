import { areaOfSubregion } from '@topup/shared/rules';
import type { Catalogue, CatalogueGame, GameArea } from '../catalogue/catalogue';
import { findGameArea } from '../catalogue/catalogue';
import { missing, unknownGame } from './api-error';
import type { ActionInput } from './action';

export interface ResolvedGameArea {
  readonly game: CatalogueGame;
  readonly gameArea: GameArea;
  /** The sub-region when the request's `area` was one (game 232), else "". */
  readonly subregion: string;
}

/** The `game_id` a request names; refused when absent or empty. */
export function requireGameId(input: ActionInput): number {
  const value = input.game_id ?? '';
  if (value === '') throw missing('game_id');
  return Number(value);
}

/**
 * The game and the area a request is about. An empty area means the game's home area;
 * a sub-region of game 232 (asia, america, europe) means area en in that sub-region.
 */
export function resolveGameArea(catalogue: Catalogue, gameId: number, rawArea: string | undefined): ResolvedGameArea {
  const game = catalogue.games.get(gameId);
  if (!game) throw unknownGame();
  const requested = (rawArea ?? '').toLowerCase();
  const parent = areaOfSubregion(gameId, requested);
  const area = parent ?? (requested || game.areas[0] || '');
  const gameArea = findGameArea(catalogue, gameId, area);
  if (!gameArea) throw unknownGame();
  return { game, gameArea, subregion: parent ? requested : '' };
}
