import { currencyCode } from '@topup/shared/rules';
import type { DiscountCheck } from '@topup/shared/types';
import { resolveGameArea } from '../../../catalogue/resolve-game-area';
import { normaliseCode } from '../../../discounts';
import { orderVariant, priceWithCode } from '../../../orders';
import { formatAmount } from '../../../payments';
import { defineAction } from '../action';
import { missing } from '../api-error';
import { requireGameId } from '../require-game-id';
import { CHECK_DISCOUNT_CODE_FIELDS } from './order-fields';

/**
 * `checkDiscountCode` (and `pcpay/checkDiscountCode`): whether a code applies to a bundle for a
 * character, and the price with it. An empty code answers 'Please fill in your discount code'.
 */
export const checkDiscountCode = defineAction({
  fields: CHECK_DISCOUNT_CODE_FIELDS,
  signed: true,
  limit: 'checkCode',
  async handle(input, { catalogue, db, now, experiments, visitor }): Promise<DiscountCheck> {
    const typed = normaliseCode(input.discount_code ?? '');
    if (typed === '') throw missing('discount_code', 'fillDiscountCode');
    const gameId = requireGameId(input);
    const { gameArea } = resolveGameArea(catalogue, gameId, input.area);
    const productId = input.product_id ?? '';
    if (productId === '') throw missing('product_id');
    // The visitor's offer-experiment variant is the price the code takes its part of, as createOrder charges it.
    const variant = await orderVariant(db, experiments, { gameId, area: gameArea.area, productId }, visitor.known());
    const { code, price } = await priceWithCode(db, gameArea, { gameId, productId, roleId: input.role_id ?? '', code: typed, payType: input.pay_type ?? '', now, variantPercentOff: variant?.percentOff ?? 0 });
    return {
      discount_code: code.code,
      // 0 for a code with an amount off: discount_amount says what it takes off.
      percent_off: code.percentOff ?? 0,
      list_amount: formatAmount(price.listPriceMinor, gameArea.area),
      discount_amount: formatAmount(price.discountMinor, gameArea.area),
      amount: formatAmount(price.amountMinor, gameArea.area),
      currency: currencyCode(gameArea.area),
    };
  },
});
