import { currencyCode } from '@topup/shared/rules';
import type { GameArea } from '../catalogue/catalogue';
import { DomainError } from '../domain-errors';
import type { Queryable } from '../db/db';
import { type DiscountCode, findDiscountCode } from '../discounts';
import { countCodeUses } from './count-code-uses';
import { checkDiscountCode } from './discount-check';
import { bundleOnSale } from './find-bundle';
import { orderPrice, type OrderPrice } from './price';

export interface CodeCheck {
  readonly gameId: number;
  readonly productId: string;
  /** The character it is for; "" when the page has none yet (its uses are not counted then). */
  readonly roleId: string;
  /** The code, already normalised. */
  readonly code: string;
  /** The pay method chosen, whose price the code discounts; "" for the bundle's own price. */
  readonly payType?: string;
  /** When it is asked (ms, the catalogue's clock): the bundle must be inside its sale window. */
  readonly now: number;
  /** The per cent off of the visitor's offer-experiment variant (decision 309); 0 or absent: none. */
  readonly variantPercentOff?: number;
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
  const bundle = bundleOnSale(gameArea, productId, check.now);
  const method = check.payType ? gameArea.payTypes.find((type) => type.payType === check.payType) : undefined;
  if (check.payType && !method) throw new DomainError('payTypeNotOffered');
  const code = await findDiscountCode(db, check.code);
  const limited = code !== null && (code.usesPerCode > 0 || (roleId !== '' && code.usesPerRole > 0));
  const uses = limited ? await countCodeUses(db, gameId, roleId, code.code) : { byRole: 0, byAll: 0 };
  const currency = currencyCode(gameArea.area);
  const applies = checkDiscountCode(code, { gameId, productId, currency }, uses);
  return { code: applies, price: orderPrice(bundle.priceMinor, method?.pricePercent ?? 0, applies, currency, check.variantPercentOff ?? 0) };
}
