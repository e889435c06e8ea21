import { methodPriceMinor } from '@topup/shared/rules';
import { discountOff, type DiscountCode, type DiscountOff } from '../discounts';

/** What an order costs, in minor units of its currency (cents, or won). */
export interface OrderPrice {
  /** The bundle's catalogue price. */
  readonly listPriceMinor: number;
  readonly discountMinor: number;
  /** What the player pays. */
  readonly amountMinor: number;
}

/**
 * The price of a bundle after a discount code's per cent off (rounded in the player's favour to the
 * currency's minor unit) or its amount off. Never below one minor unit: a code worth more than the
 * price leaves the player paying one cent or one won, as a 90 % code on the cheapest bundle does.
 */
export function priceOrder(listPriceMinor: number, off: number | DiscountOff): OrderPrice {
  if (!Number.isInteger(listPriceMinor) || listPriceMinor <= 0) throw new Error(`bad list price ${listPriceMinor}`);
  const discount = typeof off === 'number' ? { percent: off } : off;
  const wanted =
    'minor' in discount
      ? Math.max(Math.trunc(discount.minor), 0)
      : Math.ceil((listPriceMinor * Math.min(Math.max(Math.trunc(discount.percent), 0), 100)) / 100);
  const discountMinor = Math.min(wanted, listPriceMinor - 1);
  return { listPriceMinor, discountMinor, amountMinor: listPriceMinor - discountMinor };
}

/**
 * What an order costs: the bundle's price for the pay method chosen (`methodPriceMinor`, the formula
 * the pages show beside each method), less the discount code's part of it. The one price formula of
 * the store: placing an order and checking a code both ask it.
 *
 * With an offer experiment's variant (`variantPercentOff`, decision 309) the bundle's price is first
 * the variant's (`priceOrder` of the bundle's price, as the product card shows it), and the method's
 * difference and the code apply to that, as to any bundle's price: the card's price, the method's price
 * the page works out from it and the charge agree to the minor unit. The list price stays the method's
 * price of the catalogue's bundle price, the discount being the variant's part and the code's.
 */
export function orderPrice(bundlePriceMinor: number, methodPercent: number, code: DiscountCode | null, currency: string, variantPercentOff = 0): OrderPrice {
  if (variantPercentOff === 0) return priceOrder(methodPriceMinor(bundlePriceMinor, methodPercent), code ? discountOff(code, currency) : 0);
  const listPriceMinor = methodPriceMinor(bundlePriceMinor, methodPercent);
  const { amountMinor } = orderPrice(variantPriceMinor(bundlePriceMinor, variantPercentOff), methodPercent, code, currency);
  return { listPriceMinor, discountMinor: listPriceMinor - amountMinor, amountMinor };
}

/** A bundle's price in an offer experiment's variant, before a pay method's difference: what the product card shows. */
export function variantPriceMinor(bundlePriceMinor: number, percentOff: number): number {
  return percentOff === 0 ? bundlePriceMinor : priceOrder(bundlePriceMinor, percentOff).amountMinor;
}

/** The character's orders of one bundle, as counted when a new order is placed. */
export interface BundleHistory {
  /**
   * Orders that hold a purchase: paid, on their way, delivered, or failed and not yet refunded; paid in
   * the current period of the bundle's limit (today, this week or this month in UTC, or ever).
   */
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
