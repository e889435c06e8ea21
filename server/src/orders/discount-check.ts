import { refuseDiscount, type DiscountCode } from '../discounts';
import type { CodeUses } from './count-code-uses';
import { discountError } from './order-errors';

/** What a code is checked for: a bundle of a game, sold in a currency. */
export interface CodePurchase {
  readonly gameId: number;
  readonly productId: string;
  readonly currency: string;
}

/** A code's own rules alone: its uses are counted under the character's lock, as the order is written. */
export const USES_NOT_COUNTED: CodeUses = { byRole: 0, byAll: 0 };

/**
 * The one check of a discount code for a purchase: its own rules (active, game, bundle, currency,
 * validity) and its uses so far, counted one way (`countCodeUses`: orders that hold a use, the
 * character's and every character's). Refuses with the reason; returns the code that applies.
 */
export function checkDiscountCode(code: DiscountCode | null, purchase: CodePurchase, uses: CodeUses): DiscountCode {
  const refusal = refuseDiscount(code, { ...purchase, now: new Date(), usesByRole: uses.byRole, usesByAll: uses.byAll });
  if (refusal || !code) throw discountError(refusal ?? 'unknown');
  return code;
}
