import { getRoleInfo, isApiError } from '@topup/shared/api';
import { useQuery } from '@topup/shared/query';
import { roleLookupPayload, usesCharacterName } from '@topup/shared/rules';
import type { Bundle, RoleInfo, TabData } from '@topup/shared/types';
import { useProductOffer } from '../../product/hooks/use-product-offer';
import type { SubmitOrderQuery } from '../submit-order-query';

/** What the store says about the order the link describes. */
export type OrderCheck =
  | { readonly status: 'checking' }
  /** The store could not be asked (network, busy): Retry. */
  | { readonly status: 'failed' }
  | { readonly status: 'notOnSale' }
  /** The game does not know the character (the store's message). */
  | { readonly status: 'characterRefused'; readonly message: string }
  | {
      readonly status: 'confirmed';
      readonly bundle: Bundle;
      readonly role: RoleInfo;
      /** The link said something else (name, price, bonus or character): the page shows the store's. */
      readonly changed: boolean;
    };

function differs(order: SubmitOrderQuery, bundle: Bundle, role: RoleInfo): boolean {
  return (
    Number(order.amount) !== Number(bundle.amount) ||
    order.productName !== bundle.product_name ||
    order.firstBuy !== (bundle.first_buy === 1) ||
    order.role.role_name !== role.role_name ||
    order.role.role_id !== role.role_id
  );
}

/**
 * The link to /submit carries the bundle's fields (spec §2) for a first paint only: the store is asked
 * for the bundle as priced for this character (its tabs, then their prices) and for the character
 * itself, and the page offers Pay only once both answered.
 */
export function useConfirmedOrder(order: SubmitOrderQuery): { readonly tabData: TabData | null; readonly check: OrderCheck; readonly retry: () => void } {
  const { tabData, offer, retry: retryOffer } = useProductOffer({ gameId: order.gameId, area: order.area, productId: order.productId, role: order.role });
  const { role } = order;
  const lookup = useQuery(
    `${order.gameId}|${order.area}|${role.server_id}|${role.role_id}|${role.role_name}`,
    (signal) =>
      getRoleInfo(
        roleLookupPayload({
          gameId: order.gameId,
          area: order.area,
          serverId: role.server_id,
          serverSign: order.serverSign,
          typed: usesCharacterName(order.gameId) ? role.role_name : role.role_id,
        }),
        signal,
      ),
    { onError: 'page' },
  );

  let check: OrderCheck;
  const refused = isApiError(lookup.error) && lookup.error.kind === 'server';
  if (refused) check = { status: 'characterRefused', message: (lookup.error as Error).message };
  else if (offer.status === 'failed' || lookup.error) check = { status: 'failed' };
  else if (offer.status === 'missing') check = { status: 'notOnSale' };
  else if (offer.status === 'ready' && lookup.data) {
    check = { status: 'confirmed', bundle: offer.bundle, role: lookup.data, changed: differs(order, offer.bundle, lookup.data) };
  } else check = { status: 'checking' };

  const retry = () => {
    if (offer.status === 'failed') retryOffer();
    if (lookup.error) lookup.retry();
  };
  return { tabData, check, retry };
}
