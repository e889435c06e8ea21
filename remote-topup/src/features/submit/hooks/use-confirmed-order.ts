import { getRoleInfo } from '@topup/shared/api';
import { useCharacterCheck } from '@topup/shared/checkout';
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

function bundleDiffers(order: SubmitOrderQuery, bundle: Bundle): boolean {
  return Number(order.amount) !== Number(bundle.amount) || order.productName !== bundle.product_name || order.firstBuy !== (bundle.first_buy === 1);
}

/**
 * The link to /submit carries the bundle's fields (spec §2) for a first paint only: the store is asked
 * for the bundle as priced for this character (its tabs, then their prices) and for the character
 * itself (the check both order pages share), and the page offers Pay only once both answered.
 */
export function useConfirmedOrder(order: SubmitOrderQuery): {
  readonly tabData: TabData | null;
  readonly check: OrderCheck;
  readonly retry: () => void;
  /** Asks the store for the bundle's price again (the store refused the price Pay sent). */
  readonly reprice: () => void;
} {
  const { tabData, offer, retry: retryOffer } = useProductOffer({ gameId: order.gameId, area: order.area, productId: order.productId, role: order.role });
  const character = useCharacterCheck(order, getRoleInfo);

  let check: OrderCheck;
  if (character.status === 'refused') check = { status: 'characterRefused', message: character.message };
  else if (offer.status === 'failed' || character.status === 'failed') check = { status: 'failed' };
  else if (offer.status === 'missing') check = { status: 'notOnSale' };
  else if (offer.status === 'ready' && character.status === 'confirmed') {
    check = { status: 'confirmed', bundle: offer.bundle, role: character.role, changed: character.changed || bundleDiffers(order, offer.bundle) };
  } else check = { status: 'checking' };

  const retry = () => {
    if (offer.status === 'failed') retryOffer();
    if (character.status === 'failed') character.retry();
  };
  return { tabData, check, retry, reprice: retryOffer };
}
