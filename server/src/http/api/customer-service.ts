import type { Catalogue } from '../../catalogue/catalogue';
import { servedLink } from '../../catalogue/catalogue-links';
import { resolveGameArea } from '../../catalogue/resolve-game-area';
import type { ActionInput } from './action';

/**
 * The customer-service link for a page: the game's own in that area when it has one
 * ("" when it deliberately has none), otherwise the store-wide link. Empty game_id and area
 * (the Voucher Center) ask for the store-wide link.
 */
export function customerServiceUrl(catalogue: Catalogue, input: ActionInput, linkHosts: readonly string[]): string {
  const gameId = input.game_id ?? '';
  if (gameId === '') return servedLink(catalogue.storeCustomerServiceUrl, linkHosts);
  const { gameArea } = resolveGameArea(catalogue, Number(gameId), input.area);
  // Judged again as served: a link written before the checks (or around them) never sends a player off-site.
  return servedLink(gameArea.customerServiceUrl ?? catalogue.storeCustomerServiceUrl, linkHosts);
}
