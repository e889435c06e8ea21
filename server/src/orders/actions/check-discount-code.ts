import { currencyCode } from '@topup/shared/rules';
import type { DiscountCheck } from '@topup/shared/types';
import { defineAction } from '../../api/action';
import { missing } from '../../api/api-error';
import { formatAmount } from '../../api/family-a/get-pay-price';
import { requireGameId, resolveGameArea } from '../../api/game-area';
import { countCodeUses } from '../../discounts/count-code-uses';
import { findDiscountCode } from '../../discounts/discount-codes';
import { normaliseCode, refuseDiscount } from '../../discounts/discount-rules';
import { findBundle } from '../find-bundle';
import { bundleNotOnSale, discountError } from '../order-errors';
import { priceOrder } from '../price';
import { CHECK_DISCOUNT_CODE_FIELDS } from './order-fields';

/**
 * `checkDiscountCode` (and `pcpay/checkDiscountCode`): whether a code applies to a bundle for a
 * character, and the price with it. An empty code answers 'Please fill in your discount code'.
 */
export const checkDiscountCode = defineAction({
  fields: CHECK_DISCOUNT_CODE_FIELDS,
  signed: true,
  limit: 'checkCode',
  async handle(input, { catalogue, db }): Promise<DiscountCheck> {
    const typed = normaliseCode(input.discount_code ?? '');
    if (typed === '') throw missing('discount_code', 'fillDiscountCode');
    const gameId = requireGameId(input);
    const { gameArea } = resolveGameArea(catalogue, gameId, input.area);
    const productId = input.product_id ?? '';
    if (productId === '') throw missing('product_id');
    const bundle = findBundle(gameArea, productId);
    if (!bundle) throw bundleNotOnSale();
    const code = await findDiscountCode(db, typed);
    const roleId = input.role_id ?? '';
    const usesByRole = code && roleId && code.usesPerRole > 0 ? await countCodeUses(db, gameId, roleId, code.code) : 0;
    const refusal = refuseDiscount(code, { gameId, productId, now: new Date(), usesByRole });
    if (refusal || !code) throw discountError(refusal ?? 'unknown');
    const price = priceOrder(bundle.priceMinor, code.percentOff);
    return {
      discount_code: code.code,
      percent_off: code.percentOff,
      list_amount: formatAmount(price.listPriceMinor, gameArea.area),
      discount_amount: formatAmount(price.discountMinor, gameArea.area),
      amount: formatAmount(price.amountMinor, gameArea.area),
      currency: currencyCode(gameArea.area),
    };
  },
});
