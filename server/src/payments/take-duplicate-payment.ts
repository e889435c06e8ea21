import type { Queryable } from '../db/db';
import { queuePaymentRefund } from '../delivery/outbox';
import { recordEvent } from '../orders/transition-order';
import { markDuplicatePayment } from './payment-events';
import type { PaymentEvent } from './payment-provider';
import type { PaymentOutcome } from './record-payment';

/**
 * A second payment for an order that took one already (a customer charged twice, two checkout
 * tabs both paid): the order keeps its first payment and its state; this one is shown in the
 * timeline and refunded on its own through the outbox.
 */
export async function takeDuplicatePayment(tx: Queryable, provider: string, event: PaymentEvent): Promise<PaymentOutcome> {
  await markDuplicatePayment(tx, provider, event.eventId);
  await recordEvent(tx, event.orderId, 'duplicate_payment', { detail: event.eventId });
  await queuePaymentRefund(tx, event.orderId, event.eventId);
  return 'duplicate';
}
