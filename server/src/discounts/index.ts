/** Discount codes: their rules (refuseDiscount, discountOff) and the table that keeps them (discount_codes); post-purchase offers (post_purchase_offers). */
export { DEMO_DISCOUNT_CODES } from './demo-discount-codes';
export { activeCodesAmong, findDiscountCode, readDiscountCodeRecords, upsertDiscountCodes, type DiscountCodeRecord } from './discount-codes';
export { discountOff, normaliseCode, refuseDiscount, type DiscountCode, type DiscountOff, type DiscountRefusal, type DiscountUse } from './discount-rules';
export {
  findPostPurchaseOffer,
  readPostPurchaseOfferRecords,
  upsertPostPurchaseOffers,
  type OfferItemRecord,
  type PostPurchaseOffer,
  type PostPurchaseOfferRecord,
} from './post-purchase-offers';
