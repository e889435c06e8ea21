import { areaOfRegion } from '@topup/shared/rules';
import { DomainError } from '../domain-errors';
import type { Catalogue, CatalogueGame, GameArea } from './catalogue';
import { findGameArea } from './catalogue';

export interface ResolvedGameArea {
  readonly game: CatalogueGame;
  readonly gameArea: GameArea;
  /** The region when the request's `area` named one (game 232's sub-regions; `eu` for 44), else "". */
  readonly regionFromArea: string;
}

/**
 * The game and the area a request is about. An empty area means the game's home area. An area
 * the game is not sold in but that names one of its regions reads as that region of its area:
 * game 232's sub-regions (asia → en, asia), and for 44 and 134 a region sent as the area
 * (44: eu → us, eu; 134: us → multi, us).
 */
export function resolveGameArea(catalogue: Catalogue, gameId: number, rawArea: string | undefined): ResolvedGameArea {
  const game = catalogue.games.get(gameId);
  if (!game) throw new DomainError('unknownGame');
  const requested = (rawArea ?? '').toLowerCase() || game.areas[0] || '';
  const sold = findGameArea(catalogue, gameId, requested);
  if (sold) return { game, gameArea: sold, regionFromArea: '' };
  const parent = areaOfRegion(gameId, requested, catalogue.rules);
  const gameArea = parent ? findGameArea(catalogue, gameId, parent) : undefined;
  if (!gameArea) throw new DomainError('unknownGame');
  return { game, gameArea, regionFromArea: requested };
}
