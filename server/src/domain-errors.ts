/**
 * Why the store refuses what a player asked for, in the domain's words. The domain modules throw
 * these; http/api/domain-error-answers.ts says which `ret` code and message each one is answered with.
 */
export type Refusal =
  // The catalogue
  | 'unknownGame'
  | 'unknownServer'
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
