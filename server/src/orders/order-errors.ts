import type { DiscountRefusal } from '../discounts';
import { DomainError, type Refusal } from '../domain-errors';

export const bundleNotOnSale = () => new DomainError('bundleNotOnSale');

/** Its sale window has not opened yet (after it closes, it is not on sale any more). */
export const bundleNotYetOnSale = () => new DomainError('bundleNotYetOnSale');

export const purchaseLimitReached = () => new DomainError('purchaseLimitReached');

export const tooManyUnpaidOrders = () => new DomainError('tooManyUnpaidOrders');

const DISCOUNT_REFUSALS: Readonly<Record<DiscountRefusal, Refusal>> = {
  unknown: 'discountCodeUnknown',
  notForThisBundle: 'discountCodeNotForBundle',
  notYetValid: 'discountCodeNotYetValid',
  expired: 'discountCodeExpired',
  usedUp: 'discountCodeUsedUp',
  usedUpEverywhere: 'discountCodeUsedUpEverywhere',
};

export function discountError(refusal: DiscountRefusal): DomainError {
  return new DomainError(DISCOUNT_REFUSALS[refusal]);
}
