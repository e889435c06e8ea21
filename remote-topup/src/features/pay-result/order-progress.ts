import type { OrderInfo } from '@topup/shared';

/** How the pay result page presents an order, in the player's terms. */
export type ResultState =
  | 'awaitingPayment'
  | 'onItsWay'
  | 'retrying'
  | 'delivered'
  | 'declined'
  | 'expired'
  | 'refunding'
  | 'refunded';

export function resultState(order: OrderInfo): ResultState {
  switch (order.status) {
    case 'created':
      return 'awaitingPayment';
    case 'paid':
      return 'onItsWay';
    case 'delivering':
      return order.timeline.some((entry) => entry.event === 'delivery_retry') ? 'retrying' : 'onItsWay';
    case 'delivered':
      return 'delivered';
    // Money that came after the order ended is on its way back until `final`.
    case 'declined':
      return order.final ? 'declined' : 'refunding';
    case 'expired':
      return order.final ? 'expired' : 'refunding';
    case 'delivery_failed':
      return 'refunding';
    case 'refunded':
      return 'refunded';
  }
}

export type StepState = 'done' | 'current' | 'failed' | 'todo';

export interface ProgressStep {
  readonly key: 'paid' | 'mailSent' | 'delivered';
  readonly state: StepState;
  /** ISO time the step was reached. */
  readonly at: string | null;
}

/** paid → mail sent → delivered, for an order that was paid for delivery; null otherwise. */
export function progressSteps(order: OrderInfo): ProgressStep[] | null {
  const failed = order.status === 'delivery_failed' || (order.status === 'refunded' && order.timeline.some((entry) => entry.event === 'delivery_failed'));
  const delivering = order.status === 'paid' || order.status === 'delivering';
  if (!order.paid_at || (!delivering && !failed && order.status !== 'delivered')) return null;
  const pending: StepState = failed ? 'failed' : 'todo';
  return [
    { key: 'paid', state: 'done', at: order.paid_at },
    { key: 'mailSent', state: order.mail_sent_at ? 'done' : delivering ? 'current' : pending, at: order.mail_sent_at },
    { key: 'delivered', state: order.delivered_at ? 'done' : pending, at: order.delivered_at },
  ];
}
