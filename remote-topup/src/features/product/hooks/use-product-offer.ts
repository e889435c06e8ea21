import { getPayPrice, getTab } from '@topup/shared/api';
import { useQuery } from '@topup/shared/query';
import type { Bundle, GetPayPricePayload, RoleInfo, TabData } from '@topup/shared/types';

export type ProductOffer =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  /** In no tab of this game and area: not on sale (or not any more). */
  | { readonly status: 'missing' }
  | { readonly status: 'ready'; readonly bundle: Bundle; readonly tab: string };

interface Options {
  readonly gameId: string;
  readonly area: string;
  readonly productId: string;
  /** The confirmed character, or null: the price (first-buy, limit) is that character's. */
  readonly role: RoleInfo | null;
}

interface Found {
  readonly bundle: Bundle;
  readonly tab: string;
}

/** Every tab's price list at once; the bundle and the tab it is sold in, or null. */
async function findBundle(tabs: readonly string[], payload: Omit<GetPayPricePayload, 'type'>, productId: string, signal: AbortSignal): Promise<Found | null> {
  const lists = await Promise.all(tabs.map((type) => getPayPrice({ ...payload, type }, signal)));
  const index = lists.findIndex((list) => list.some((b) => b.product_id === productId));
  const bundle = lists[index]?.find((b) => b.product_id === productId);
  return bundle ? { bundle, tab: tabs[index] as string } : null;
}

/**
 * /prod's bundle: the game's tabs (`getTab`), then every tab's prices in parallel, priced for the
 * confirmed character as on `/` (decision 201): confirming or re-entering the character reprices it.
 */
export function useProductOffer({ gameId, area, productId, role }: Options): {
  readonly tabData: TabData | null;
  readonly offer: ProductOffer;
  readonly retry: () => void;
} {
  const tabs = useQuery(`${gameId}|${area}`, (signal) => getTab({ game_id: gameId, area }, signal));
  const tabList = tabs.data?.tab_list;
  const roleId = role?.role_id ?? '';
  const uid = role?.uid ?? '';
  const prices = useQuery(tabList ? `${gameId}|${area}|${productId}|${roleId}|${uid}|${tabList.join('\n')}` : null, (signal) =>
    findBundle(tabList ?? [], { game_id: gameId, area, role_id: roleId, ln_uid: uid }, productId, signal),
  );

  let offer: ProductOffer;
  if (tabs.error || prices.error) offer = { status: 'failed' };
  // Read again (a price the store refused at Pay): the bundle stays as it was until the new answer.
  else if (tabs.loading || prices.data === undefined) offer = { status: 'loading' };
  else offer = prices.data ? { status: 'ready', ...prices.data } : { status: 'missing' };

  return { tabData: tabs.data ?? null, offer, retry: tabs.error ? tabs.retry : prices.retry };
}
