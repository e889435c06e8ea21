/**
 * Orders: placing and pricing an order, reading it, and the order workflow (order-workflow.ts) that
 * owns every change of its state: place → pay → deliver → refund / expire. The other modules are its
 * steps' tools (payments, fulfilment, discounts, purchases) and never change an order themselves.
 * order-runtime.ts (the server's wiring of the worker and the webhooks) is imported by its path.
 */
export { countCodeUses, discountCodeUsage, type CodeUses, type DiscountCodeUsage } from './count-code-uses';
export { deliveryOutcomesByGame, type GameDeliveryOutcomes } from './delivery-outcomes';
export { bonusText, deliverOrder, logAttemptError, type JobContext } from './deliver-order';
export { DeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker';
export { formatDuration, parseDuration, parseDurationList } from './durations';
export { bundleOnSale, checkSaleWindow, findBundle } from './find-bundle';
export { DELIVERY_TIMES_SQL, ORDER_FACTS_SQL } from './order-facts';
export { newOrderId } from './order-id';
export type { OrderServices } from './order-services';
export { DEFAULT_ORDER_SETTINGS, DEV_WEBHOOK_SECRET, loadOrderSettings, MIN_LEASE_MS, orderSettingsFrom, type OrderSettings } from './order-settings';
export {
  canTransition,
  FINAL_ORDER_STATUSES,
  HOLDING_STATUSES,
  IS_PAID_SQL,
  isFinalOrderStatus,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAID_STATUSES,
  STATUS_TIME_COLUMN,
  statesBefore,
} from './order-state';
export {
  expireUnpaidOrders,
  markDisputed,
  notePartRefund,
  recordDeliveredOrder,
  recordEvent,
  requestRefund,
  stopDeliveryForRefund,
  transitionOrder,
  type DeliveredOrder,
  type EventDetail,
  type SupportDeskEvent,
} from './order-workflow';
export { recordPayment, type PaymentOutcome } from './pay-order';
export { offerAfterOrder, offerPriceMinor, type OfferView } from './post-purchase-offer';
export { placeOrder, type CreatedOrderIds, type OrderRequest, type PlaceOrderServices } from './place-order';
export { priceWithCode, type CodeCheck, type PriceWithCode } from './price-with-code';
export { firstBuyApplies, limitReached, orderPrice, priceOrder, variantPriceMinor, type BundleHistory, type OrderPrice } from './price';
export { experimentItems, orderVariant, shownVariant, type BundlePlace } from './experiment-offer';
export { ORDER_COLUMNS, ordersOfCharacter, readOrder, readOrderWithTimeline, SUPPORT_DESK_EVENTS, type CharacterOrderRow, type OrderEventRow, type OrderRow, type OrderWithTimeline } from './read-order';
export { findUnmatchedProviderPayments, STORE_PAYMENTS_SQL, type UnmatchedPayment } from './reconcile-provider-payments';
export { reconciles, reconcileStore, type ReconcileOptions, type ReconcileSection } from './reconcile-store';
export {
  countOrders,
  DELIVERED_UNPAID_SQL,
  findDeliveredUnpaid,
  findOverRefunded,
  findPartlyRefunded,
  findStuckPaidOrders,
  OVER_REFUNDED_SQL,
  PARTLY_REFUNDED_SQL,
  reconcileOrders,
  RECONCILIATION_SQL,
  STUCK_MARGIN_MS,
  STUCK_PAID_SQL,
  type DeliveredUnpaid,
  type Mismatch,
  type OrderTotals,
  type RefundedPart,
  type StuckPaidOrder,
} from './reconciliation';
export { refundDuplicatePayment } from './refund-duplicate-payment';
export { refundOrder } from './refund-order';
export { refundPart } from './refund-part';
export { resendKey, resendMail } from './resend-mail';
export { lockDiscountCode, lockRole, roleLockKey } from './role-lock';
