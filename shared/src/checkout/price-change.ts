/**
 * The store's answer to an order whose price changed after the page showed it (server
 * `RET.PRICE_CHANGED`, docs/api.md): nothing was placed, the page asks the store for the price again.
 */
export const PRICE_CHANGED_RET = 1021;

/** A bundle's price the page showed, and the store's now: both are shown until the player pays or leaves. */
export interface PriceChange {
  readonly from: string;
  readonly to: string;
}

/** Two prices as the pages have them ("4.99", "19000"): the same amount, however written. */
export function samePrice(a: string, b: string): boolean {
  return Number(a) === Number(b);
}

/** The change from the price the player saw to the store's, or null when they agree (or one is unknown). */
export function priceChange(seen: string | undefined, store: string | undefined): PriceChange | null {
  if (!seen || !store || !Number.isFinite(Number(seen)) || samePrice(seen, store)) return null;
  return { from: seen, to: store };
}

/** The bundle's purchase limit as the store counted it for the character. */
export interface LimitedBundle {
  readonly role_buy_limit?: number;
  readonly role_buy_count?: number;
}

/** The character bought the bundle as often as its limit allows (in the limit's current period): Pay would be refused. */
export function purchaseLimitReached(bundle: LimitedBundle | null | undefined): boolean {
  const limit = bundle?.role_buy_limit ?? 0;
  return limit > 0 && (bundle?.role_buy_count ?? 0) >= limit;
}
