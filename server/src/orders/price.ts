/** What an order costs, in minor units of its currency (cents, or won). */
export interface OrderPrice {
  /** The bundle's catalogue price. */
  readonly listPriceMinor: number;
  readonly discountMinor: number;
  /** What the player pays. */
  readonly amountMinor: number;
}

/**
 * The price of a bundle after a discount code's per cent off, rounded in the player's favour to
 * the currency's minor unit, never below one minor unit.
 */
export function priceOrder(listPriceMinor: number, percentOff: number): OrderPrice {
  if (!Number.isInteger(listPriceMinor) || listPriceMinor <= 0) throw new Error(`bad list price ${listPriceMinor}`);
  const percent = Math.min(Math.max(Math.trunc(percentOff), 0), 100);
  const discountMinor = Math.min(Math.ceil((listPriceMinor * percent) / 100), listPriceMinor - 1);
  return { listPriceMinor, discountMinor, amountMinor: listPriceMinor - discountMinor };
}

/** The character's orders of one bundle, as counted when a new order is placed. */
export interface BundleHistory {
  /** Orders that hold a purchase: paid, on their way, delivered, or failed and not yet refunded. */
  readonly holding: number;
  /** Paid orders that are on their way or delivered: any of them used up the first-purchase offer. */
  readonly firstBuyTaken: number;
}

/**
 * Whether the character's paid purchases of a bundle reach its limit (0: no limit). Asked when an
 * order is placed and again when it is paid, since unpaid orders hold nothing.
 */
export function limitReached(limit: number, holding: number): boolean {
  return limit > 0 && holding >= limit;
}

/**
 * Whether a new order carries the bundle's first-purchase bonus: the bundle has an offer and the
 * character has no paid purchase of it. Unpaid orders do not use the offer up, so a player who
 * leaves a payment half-way still sees it; of two unpaid orders, the first to be paid keeps it.
 */
export function firstBuyApplies(bundleHasOffer: boolean, history: BundleHistory): boolean {
  return bundleHasOffer && history.firstBuyTaken === 0;
}
