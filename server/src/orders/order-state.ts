import type { OrderStatus } from '@topup/shared/types';

/** Every state an order can be in (docs/orders.md). */
export const ORDER_STATUSES: readonly OrderStatus[] = [
  'created',
  'paid',
  'delivering',
  'delivered',
  'declined',
  'expired',
  'delivery_failed',
  'refunded',
];

/**
 * States that end an order. One exception: money that arrives for an expired or declined order
 * is returned, and the order then moves on to refunded (orderInfo's `final` stays 0 until then).
 */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['delivered', 'declined', 'expired', 'refunded'];

export function isFinalOrderStatus(status: string): boolean {
  return (FINAL_ORDER_STATUSES as readonly string[]).includes(status);
}

/**
 * Which state may follow which. created → paid → delivering → delivered is the path of a good
 * order; an unpaid order is declined or expires; a mail that cannot be delivered ends in
 * delivery_failed and its money is refunded. Money that arrives for an order that was already
 * declined or expired is refunded as well, and the support desk may refund a paid or delivered order.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['paid', 'declined', 'expired'],
  // A paid or delivered order goes to refunded only when the support desk refunds it (refund_requested_at).
  paid: ['delivering', 'refunded'],
  delivering: ['delivered', 'delivery_failed'],
  delivered: ['refunded'],
  declined: ['refunded'],
  expired: ['refunded'],
  delivery_failed: ['refunded'],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The states an order may be in to move to `to`. */
export function statesBefore(to: OrderStatus): OrderStatus[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => canTransition(from, to));
}

/** The column that holds the time an order entered each state. */
export const STATUS_TIME_COLUMN: Readonly<Record<OrderStatus, string>> = {
  created: 'created_at',
  paid: 'paid_at',
  delivering: 'delivering_at',
  delivered: 'delivered_at',
  declined: 'declined_at',
  expired: 'expired_at',
  delivery_failed: 'delivery_failed_at',
  refunded: 'refunded_at',
};

/**
 * States in which an order holds one of the character's purchases of a bundle (limits) and one
 * use of its discount code: paid and not refunded. An unpaid order holds nothing, so that an
 * order placed by anyone cannot keep a once-per-character bundle or code from the real player;
 * the payment checks the limit again (pay-order.ts).
 */
export const HOLDING_STATUSES: readonly OrderStatus[] = ['paid', 'delivering', 'delivered', 'delivery_failed'];

/** States in which the player has paid and the bundle is on its way or arrived (first-buy bonus). */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'delivering', 'delivered'];

/**
 * The same, written into SQL as the predicate of the index orders_paid_by_role (migration 021), so
 * that the planner can use that index whatever its statistics say.
 */
export const IS_PAID_SQL = `status IN ('paid', 'delivering', 'delivered')`;
