import { isDeliveryRetrying, orderSteps } from '../src/checkout/order-steps';
import type { OrderInfo, OrderStatus } from '../src/types/order-types';

const AT = {
  created: '2026-01-01T10:00:00.000Z',
  paid: '2026-01-01T10:01:00.000Z',
  mail: '2026-01-01T10:01:05.000Z',
  delivered: '2026-01-01T10:01:06.000Z',
  refunded: '2026-01-01T11:00:00.000Z',
};

type Fields = Parameters<typeof orderSteps>[0];

function order(status: OrderStatus, patch: Partial<Fields> = {}): Fields {
  return { status, created_at: AT.created, paid_at: null, mail_sent_at: null, delivered_at: null, refunded_at: null, timeline: [], ...patch };
}

const event = (name: OrderInfo['timeline'][number]['event'], at: string) => ({ event: name, at, attempt: null, next_attempt_at: null });
const shape = (fields: Fields) => orderSteps(fields).map((step) => `${step.key}:${step.state}`);

describe('the steps of an order, as both result pages show them', () => {
  it('waits for payment, then moves through paid, mail sent and delivered', () => {
    expect(shape(order('created'))).toEqual(['created:done', 'paid:current', 'mail_sent:upcoming', 'delivered:upcoming']);
    expect(shape(order('paid', { paid_at: AT.paid }))).toEqual(['created:done', 'paid:done', 'mail_sent:current', 'delivered:upcoming']);
    expect(shape(order('delivering', { paid_at: AT.paid, mail_sent_at: AT.mail }))).toEqual(['created:done', 'paid:done', 'mail_sent:done', 'delivered:current']);
    const done = orderSteps(order('delivered', { paid_at: AT.paid, mail_sent_at: AT.mail, delivered_at: AT.delivered }));
    expect(done.map((s) => [s.key, s.state, s.at])).toEqual([
      ['created', 'done', AT.created],
      ['paid', 'done', AT.paid],
      ['mail_sent', 'done', AT.mail],
      ['delivered', 'done', AT.delivered],
    ]);
  });

  it('stops where a payment was declined or the order expired', () => {
    expect(orderSteps(order('declined', { timeline: [event('created', AT.created), event('declined', AT.paid)] })).map((s) => [s.key, s.state, s.at])).toEqual([
      ['created', 'done', AT.created],
      ['declined', 'failed', AT.paid],
    ]);
    expect(shape(order('expired'))).toEqual(['created:done', 'expired:failed']);
  });

  it('shows a failed delivery and its refund', () => {
    const failed = order('delivery_failed', { paid_at: AT.paid, timeline: [event('delivery_failed', AT.delivered)] });
    expect(shape(failed)).toEqual(['created:done', 'paid:done', 'delivery_failed:failed', 'refunded:current']);
    const refunded = { ...failed, status: 'refunded' as const, refunded_at: AT.refunded };
    expect(shape(refunded)).toEqual(['created:done', 'paid:done', 'delivery_failed:failed', 'refunded:done']);
  });

  it('shows money returned for a payment that came after the order expired', () => {
    const late = order('refunded', { paid_at: AT.paid, refunded_at: AT.refunded, timeline: [event('expired', AT.mail)] });
    expect(shape(late)).toEqual(['created:done', 'expired:failed', 'paid:done', 'refunded:done']);
  });

  it('knows when delivery is being retried', () => {
    expect(isDeliveryRetrying({ status: 'delivering', delivery_attempts: 2, next_attempt_at: AT.refunded })).toBe(true);
    expect(isDeliveryRetrying({ status: 'delivering', delivery_attempts: 0, next_attempt_at: null })).toBe(false);
    expect(isDeliveryRetrying({ status: 'delivered', delivery_attempts: 2, next_attempt_at: null })).toBe(false);
  });
});
