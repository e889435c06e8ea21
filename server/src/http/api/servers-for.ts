import { invalid } from './api-error';
import { resolveGameArea } from '../../catalogue/resolve-game-area';
import type { Catalogue, CatalogueServer } from '../../catalogue/catalogue';

/**
 * The area's region picker (spec §9, catalogue data) applied to a server list:
 * - a sub-region picker (as game 232 in area en): the choice comes in `area` (or in `region`), the
 *   picker's default when none;
 * - a region picker (as games 44 in area us and 134 in multi): the choice comes in `region` (or, from
 *   a client that treats it as the area, in `area`), the picker's default when none;
 * - an area picker (as game 18) or none: all the area's servers; `region` is ignored.
 * A region the game does not have is refused.
 */
export function serversFor(catalogue: Catalogue, gameId: number, area: string, region: string): readonly CatalogueServer[] {
  const { gameArea, regionFromArea } = resolveGameArea(catalogue, gameId, area);
  const rule = gameArea.regionPicker;
  if (!rule || rule.param === 'area') return gameArea.servers;
  const requested = (regionFromArea || region).toLowerCase();
  const chosen = requested || rule.defaultValue;
  if (!rule.options.some((option) => option.value === chosen)) throw invalid('region');
  return gameArea.servers.filter((server) => server.region === chosen);
}
