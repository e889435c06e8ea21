/**
 * Payments: the providers (where a player pays, their webhooks and refunds), the payment events the
 * store received (payment_events) and the money it gave back (refunds). The order workflow
 * (orders/) records a payment and asks for a refund through these; payments never change an order.
 */
export { amountText, formatAmount, parseAmount } from './minor-units';
export { findOrderPayment, findPaidEvent, markDuplicatePayment, recordPaymentEvent, type ReceivedPayment } from './payment-events';
export type { PaymentEvent, PaymentProvider, ProviderPayment, RefundRequest, WebhookReading } from './payment-provider';
export { orderRefundTotals, recordDuplicateRefund, recordOrderRefund, recordPartRefund, type RecordedRefund } from './refunds';
export { DEFAULT_STRIPE_PAY_METHODS, loadStripeSettings, stripeProblems, stripeSettingsFrom, unsupportedPayTypes, type StripeSettings } from './stripe/stripe-settings';
export { StripePaymentProvider, stripeClient, type CheckoutOrder, type OpenedCheckout } from './stripe/stripe-payment-provider';
export { keepCheckoutSession, lastCheckoutSession } from './stripe/checkout-sessions';
export { signWebhook, verifyWebhookSignature } from './webhook-signature';
export { CHECKOUT_RETURN_PARAM, checkoutReturn, resultPath, type CheckoutReturn } from './checkout-return';
