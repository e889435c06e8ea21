/**
 * The purchase core's second half, on the checkout pages only (`/submit`, `/payResult`, `/pcSubmit`,
 * `/pcpay`): the discount code, the pay method, placing the order with one order-token policy and
 * following it with one polling and error policy. Headless hooks and rules, no markup. The shelf
 * pages never load it, so the phone's first page does not carry checkout it has not reached.
 */
import './checkout-strings';

export { CHECKOUT_NAMESPACE, CHECKOUT_STRINGS, showCheckoutCheck, type CheckoutCheck } from './checkout-strings';
export { useDiscountCode, type DiscountCode, type DiscountCodeTarget } from './use-discount-code';
export { usePayMethod } from './use-pay-method';
export { newOrderToken } from './order-token';
export { usePlaceOrder, type OrderAttempt } from './use-place-order';
export { useOrderFollowing, ORDER_POLL_MS, type OrderFollowing } from './use-order-following';
export { hasReceipt, orderResult, type OrderResult } from './order-result';
export { orderSteps, isDeliveryRetrying, type OrderStep, type OrderStepKey } from './order-steps';
export { formatOrderTime, formatDeadline, isEmailAddress, methodAmount } from './formats';
export { methodPriceText } from './method-price';
export { useReceiptEmail, type ReceiptEmail } from './use-receipt-email';
export { useSessionState } from './session-state';
export { rememberedOrders, rememberOrder, forgetOrder, findOrder, MAX_REMEMBERED_ORDERS, type RememberedOrder } from './my-orders';
export { createOrder } from './create-order';
export { getOrderInfo } from './get-order-info';
export { checkDiscountCode } from './check-discount-code';
export { getPurchaseOffer, usePurchaseOffer, OFFER_NOT_AVAILABLE_RET, type OfferTerms, type PurchaseOfferState } from './use-purchase-offer';
export { readLinkedCharacter, type LinkedCharacter } from './linked-character';
export { useCharacterCheck, type CharacterCheck } from './use-character-check';
export { priceChange, purchaseLimitReached, samePrice, PRICE_CHANGED_RET, type PriceChange } from './price-change';
export { usePriceChange } from './use-price-change';
export { useSubmitStep, checkoutKeepKey, type SubmitStep, type SubmitStepOptions, type SubmitBundle } from './use-submit-step';
export { isLinkedBrowser, noteLinkedBrowser } from './linked-browser';
