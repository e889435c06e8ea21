import { methodPriceMinor } from '@topup/shared/formats';
import type { GameArea } from '../catalogue/catalogue';
import { DomainError } from '../domain-errors';
import type { Queryable } from '../db/db';
import { findDiscountCode } from '../discounts/discount-codes';
import { refuseDiscount, type DiscountCode } from '../discounts/discount-rules';
import { countCodeUses } from './count-code-uses';
import { findBundle } from './find-bundle';
import { bundleNotOnSale, discountError } from './order-errors';
import { priceOrder, type OrderPrice } from './price';

export interface CodeCheck {
  readonly gameId: number;
  readonly productId: string;
  /** The character it is for; "" when the page has none yet (its uses are not counted then). */
  readonly roleId: string;
  /** The code, already normalised. */
  readonly code: string;
  /** The pay method chosen, whose price the code discounts; "" for the bundle's own price. */
  readonly payType?: string;
}

export interface PriceWithCode {
  readonly code: DiscountCode;
  readonly price: OrderPrice;
}

/**
 * Whether a code applies to a bundle of this game area for a character now, and the price with
 * it. Refused with the reason when it does not (or when the bundle is not on sale).
 */
export async function priceWithCode(db: Queryable, gameArea: GameArea, check: CodeCheck): Promise<PriceWithCode> {
  const { gameId, productId, roleId } = check;
  const bundle = findBundle(gameArea, productId);
  if (!bundle) throw bundleNotOnSale();
  const method = check.payType ? gameArea.payTypes.find((type) => type.payType === check.payType) : undefined;
  if (check.payType && !method) throw new DomainError('payTypeNotOffered');
  const code = await findDiscountCode(db, check.code);
  const usesByRole = code && roleId && code.usesPerRole > 0 ? await countCodeUses(db, gameId, roleId, code.code) : 0;
  const refusal = refuseDiscount(code, { gameId, productId, now: new Date(), usesByRole });
  if (refusal || !code) throw discountError(refusal ?? 'unknown');
  return { code, price: priceOrder(methodPriceMinor(bundle.priceMinor, method?.pricePercent ?? 0), code.percentOff) };
}
