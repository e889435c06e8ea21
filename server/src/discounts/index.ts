/** Discount codes: their rules (refuseDiscount, discountOff) and the table that keeps them (discount_codes). */
export { DEMO_DISCOUNT_CODES } from './demo-discount-codes';
export { activeCodesAmong, findDiscountCode, readDiscountCodeRecords, upsertDiscountCodes, type DiscountCodeRecord } from './discount-codes';
export { discountOff, normaliseCode, refuseDiscount, type DiscountCode, type DiscountOff, type DiscountRefusal, type DiscountUse } from './discount-rules';
