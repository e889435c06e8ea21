import { isDeliveryRetrying } from './order-steps';
import type { OrderInfo } from '@topup/shared/types';

/** Where an order stands, in the player's terms: what both result pages say about it. */
export type OrderResult =
  | 'awaitingPayment'
  | 'onItsWay'
  | 'retrying'
  | 'delivered'
  | 'declined'
  | 'expired'
  | 'refunding'
  | 'refunded';

/**
 * An order that stopped (declined, expired, delivery failed) with money still to go back is
 * being refunded until it is final: a payment that came too late or past a purchase limit is
 * returned, so the page must not say nothing was charged.
 */
export function orderResult(order: Pick<OrderInfo, 'status' | 'final' | 'delivery_attempts' | 'next_attempt_at'>): OrderResult {
  const final = Number(order.final) === 1;
  switch (order.status) {
    case 'created':
      return 'awaitingPayment';
    case 'paid':
    case 'delivering':
      return isDeliveryRetrying(order) ? 'retrying' : 'onItsWay';
    case 'delivered':
      return 'delivered';
    case 'declined':
    case 'expired':
      return final ? order.status : 'refunding';
    case 'delivery_failed':
      return 'refunding';
    case 'refunded':
      return 'refunded';
  }
}

/**
 * Whether an order has a receipt: the store took its payment as a purchase (paid, on its way,
 * delivered, or refunded afterwards). An order that was never paid (awaiting payment, declined,
 * expired) has none, nor one whose late payment is only being returned.
 */
export function hasReceipt(order: Pick<OrderInfo, 'status' | 'paid_at'>): boolean {
  return order.paid_at !== null && ['paid', 'delivering', 'delivered', 'delivery_failed', 'refunded'].includes(order.status);
}
