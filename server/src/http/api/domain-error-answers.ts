import type { DomainError, Refusal } from '../../domain-errors';
import { ApiError } from './api-error';
import type { MessageKey } from './messages';
import { RET, type RetCode } from './ret-codes';

interface Answer {
  readonly ret: RetCode;
  readonly messageKey: MessageKey;
  /** The body field a refusal of a value names. */
  readonly field?: string;
}

const invalid = (field: string): Answer => ({ ret: RET.INVALID_PARAMETER, messageKey: 'invalidParameter', field });

/** The `ret` code and message of each refusal of the domain (docs/api.md lists them). */
const ANSWERS: Readonly<Record<Refusal, Answer>> = {
  unknownGame: { ret: RET.UNKNOWN_GAME, messageKey: 'unknownGame' },
  unknownServer: { ret: RET.UNKNOWN_SERVER, messageKey: 'unknownServer' },
  serverClosed: { ret: RET.SERVER_CLOSED, messageKey: 'serverClosed' },
  bundleNotOnSale: { ret: RET.BUNDLE_NOT_ON_SALE, messageKey: 'bundleNotOnSale' },
  bundleNotYetOnSale: { ret: RET.BUNDLE_NOT_ON_SALE, messageKey: 'bundleNotYetOnSale' },
  payTypeNotOffered: invalid('pay_type'),
  roleNotFound: { ret: RET.ROLE_NOT_FOUND, messageKey: 'roleNotFound' },
  roleOfAnotherAccount: invalid('uid'),
  gameUnavailable: { ret: RET.GAME_UNAVAILABLE, messageKey: 'gameUnavailable' },
  orderTokenReused: invalid('order_token'),
  purchaseLimitReached: { ret: RET.PURCHASE_LIMIT_REACHED, messageKey: 'purchaseLimitReached' },
  tooManyUnpaidOrders: { ret: RET.TOO_MANY_UNPAID_ORDERS, messageKey: 'tooManyUnpaidOrders' },
  priceChanged: { ret: RET.PRICE_CHANGED, messageKey: 'priceChanged' },
  seenAmountUnreadable: invalid('seen_amount'),
  offerNotAvailable: { ret: RET.OFFER_NOT_AVAILABLE, messageKey: 'offerNotAvailable' },
  offerOver: { ret: RET.OFFER_NOT_AVAILABLE, messageKey: 'offerOver' },
  offerTaken: { ret: RET.OFFER_NOT_AVAILABLE, messageKey: 'offerTaken' },
  discountCodeUnknown: { ret: RET.DISCOUNT_CODE_INVALID, messageKey: 'discountCodeUnknown' },
  discountCodeNotForBundle: { ret: RET.DISCOUNT_CODE_INVALID, messageKey: 'discountCodeNotForBundle' },
  discountCodeNotYetValid: { ret: RET.DISCOUNT_CODE_EXPIRED, messageKey: 'discountCodeNotYetValid' },
  discountCodeExpired: { ret: RET.DISCOUNT_CODE_EXPIRED, messageKey: 'discountCodeExpired' },
  discountCodeUsedUp: { ret: RET.DISCOUNT_CODE_USED_UP, messageKey: 'discountCodeUsedUp' },
  discountCodeUsedUpEverywhere: { ret: RET.DISCOUNT_CODE_USED_UP, messageKey: 'discountCodeUsedUpEverywhere' },
};

/** A refusal of the domain as the API answers it. */
export function answerOfDomainError(error: DomainError): ApiError {
  const { ret, messageKey, field } = ANSWERS[error.refusal];
  return new ApiError(ret, messageKey, field);
}
