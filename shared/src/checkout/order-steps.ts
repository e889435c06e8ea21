import type { OrderInfo, OrderStatus } from '@topup/shared/types';

/** A step of an order's progress as the player reads it. */
export type OrderStepKey = 'created' | 'paid' | 'mail_sent' | 'delivered' | 'declined' | 'expired' | 'delivery_failed' | 'refunded';

export interface OrderStep {
  readonly key: OrderStepKey;
  /** done: it happened; current: under way now; upcoming: still to come; failed: it went wrong here. */
  readonly state: 'done' | 'current' | 'upcoming' | 'failed';
  /** When it happened (ISO 8601), or null. */
  readonly at: string | null;
}

type TimelineFields = Pick<
  OrderInfo,
  'status' | 'created_at' | 'paid_at' | 'mail_sent_at' | 'delivered_at' | 'refunded_at' | 'timeline'
>;

function eventTime(order: TimelineFields, event: OrderStatus): string | null {
  return [...order.timeline].reverse().find((entry) => entry.event === event)?.at ?? null;
}

/**
 * The progress both result pages show (/payResult and /pcpay): placed → paid → mail sent →
 * delivered, or where it stopped (declined, expired, delivery failed) and the refund after it.
 */
export function orderSteps(order: TimelineFields): OrderStep[] {
  const placed: OrderStep = { key: 'created', state: 'done', at: order.created_at };
  const paid = (state: OrderStep['state']): OrderStep => ({ key: 'paid', state, at: order.paid_at });
  const mail = (state: OrderStep['state']): OrderStep => ({ key: 'mail_sent', state, at: order.mail_sent_at });
  const delivered = (state: OrderStep['state']): OrderStep => ({ key: 'delivered', state, at: order.delivered_at });
  const refunded = (state: OrderStep['state']): OrderStep => ({ key: 'refunded', state, at: order.refunded_at });
  switch (order.status) {
    case 'created':
      return [placed, paid('current'), mail('upcoming'), delivered('upcoming')];
    case 'paid':
    case 'delivering':
      return [placed, paid('done'), order.mail_sent_at ? mail('done') : mail('current'), delivered(order.mail_sent_at ? 'current' : 'upcoming')];
    case 'delivered':
      return [placed, paid('done'), mail('done'), delivered('done')];
    case 'declined':
    case 'expired':
      return [placed, { key: order.status, state: 'failed', at: eventTime(order, order.status) }];
    case 'delivery_failed':
      return [placed, paid('done'), { key: 'delivery_failed', state: 'failed', at: eventTime(order, 'delivery_failed') }, refunded('current')];
    case 'refunded': {
      const steps: OrderStep[] = [placed];
      const stop = (['expired', 'declined', 'delivery_failed'] as const).find((event) => eventTime(order, event));
      if (stop && stop !== 'delivery_failed') steps.push({ key: stop, state: 'failed', at: eventTime(order, stop) });
      if (order.paid_at) steps.push(paid('done'));
      if (stop === 'delivery_failed') steps.push({ key: 'delivery_failed', state: 'failed', at: eventTime(order, 'delivery_failed') });
      steps.push(refunded('done'));
      return steps;
    }
    default:
      return [placed];
  }
}

/** Delivery is being retried: the game refused the mail at least once and a next attempt is due. */
export function isDeliveryRetrying(order: Pick<OrderInfo, 'status' | 'delivery_attempts' | 'next_attempt_at'>): boolean {
  return (order.status === 'paid' || order.status === 'delivering') && order.delivery_attempts > 0 && Boolean(order.next_attempt_at);
}
