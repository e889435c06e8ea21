import { regionRuleFor } from '@topup/shared/rules';
import { invalid } from './api-error';
import { resolveGameArea } from '../catalogue/resolve-game-area';
import type { Catalogue, CatalogueServer } from '../catalogue/catalogue';

/**
 * The region rules of spec §9 applied to a server list:
 * - game 232 in area en: the sub-region comes in `area` (or in `region`), america by default;
 * - games 44 (area us) and 134 (area multi): the region comes in `region` (or, from a client that
 *   treats it as the area, in `area`), the first one by default;
 * - every other game and area: all its servers; `region` is ignored.
 * A region the game does not have is refused.
 */
export function serversFor(catalogue: Catalogue, gameId: number, area: string, region: string): readonly CatalogueServer[] {
  const { gameArea, regionFromArea } = resolveGameArea(catalogue, gameId, area);
  const rule = regionRuleFor(gameId, gameArea.area);
  if (!rule || rule.param === 'area') return gameArea.servers;
  const requested = (regionFromArea || region).toLowerCase();
  const chosen = requested || rule.defaultValue;
  if (!rule.options.some((option) => option.value === chosen)) throw invalid('region');
  return gameArea.servers.filter((server) => server.region === chosen);
}
