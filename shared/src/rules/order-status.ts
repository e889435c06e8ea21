import type { OrderStatus } from '../order-types';

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
