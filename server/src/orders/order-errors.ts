import { ApiError } from '../api/api-error';
import { RET } from '../api/ret-codes';
import type { DiscountRefusal } from '../discounts/discount-rules';

export const orderNotFound = () => new ApiError(RET.ORDER_NOT_FOUND, 'orderNotFound');

export const bundleNotOnSale = () => new ApiError(RET.BUNDLE_NOT_ON_SALE, 'bundleNotOnSale');

export const purchaseLimitReached = () => new ApiError(RET.PURCHASE_LIMIT_REACHED, 'purchaseLimitReached');

export const tooManyUnpaidOrders = () => new ApiError(RET.TOO_MANY_UNPAID_ORDERS, 'tooManyUnpaidOrders');

export function discountError(refusal: DiscountRefusal): ApiError {
  switch (refusal) {
    case 'unknown':
      return new ApiError(RET.DISCOUNT_CODE_INVALID, 'discountCodeUnknown');
    case 'notForThisBundle':
      return new ApiError(RET.DISCOUNT_CODE_INVALID, 'discountCodeNotForBundle');
    case 'notYetValid':
      return new ApiError(RET.DISCOUNT_CODE_EXPIRED, 'discountCodeNotYetValid');
    case 'expired':
      return new ApiError(RET.DISCOUNT_CODE_EXPIRED, 'discountCodeExpired');
    case 'usedUp':
      return new ApiError(RET.DISCOUNT_CODE_USED_UP, 'discountCodeUsedUp');
  }
}
