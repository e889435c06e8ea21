/**
 * Why the store refuses what a player asked for, in the domain's words. The domain modules throw
 * these; http/api/domain-error-answers.ts says which `ret` code and message each one is answered with.
 */
export type Refusal =
  // The catalogue
  | 'unknownGame'
  | 'unknownServer'
  | 'serverClosed'
  | 'bundleNotOnSale'
  | 'bundleNotYetOnSale'
  | 'payTypeNotOffered'
  // The game
  | 'roleNotFound'
  | 'roleOfAnotherAccount'
  | 'gameUnavailable'
  // Orders
  | 'orderTokenReused'
  | 'purchaseLimitReached'
  | 'tooManyUnpaidOrders'
  | 'priceChanged'
  | 'seenAmountUnreadable'
  // Post-purchase offers
  | 'offerNotAvailable'
  | 'offerOver'
  | 'offerTaken'
  // Discount codes
  | 'discountCodeUnknown'
  | 'discountCodeNotForBundle'
  | 'discountCodeNotYetValid'
  | 'discountCodeExpired'
  | 'discountCodeUsedUp'
  | 'discountCodeUsedUpEverywhere';

/** A refusal a player caused: answered to them in their language, never logged as a fault. */
export class DomainError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal);
    this.name = 'DomainError';
  }
}

/**
 * Why an operation of the back office or of automation is refused (releases, operators, orders,
 * tickets, the catalogue), in the domain's words: what the edge answers it with (the back office's
 * `{ error, code }` and its HTTP status) is said once, in http/ops/ops-answers.ts.
 */
export type OperationRefusal =
  | 'invalid'
  | 'signedOut'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'unsupportedType'
  | 'unacceptable'
  | 'tooMany';

/** A refused operation: `code` names it for the back office, which shows it in the operator's language (the message is English). */
export class OperationRefused extends Error {
  constructor(
    readonly refusal: OperationRefusal,
    message: string,
    readonly code: string = 'refused',
  ) {
    super(message);
    this.name = 'OperationRefused';
  }
}
