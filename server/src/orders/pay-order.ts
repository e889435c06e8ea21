import type { Db, Queryable } from '../db/db';
import { recordConversion } from '../experiments';
import { queueOrderJob, queuePaymentRefund } from '../fulfilment';
import { markDuplicatePayment, recordPaymentEvent, type PaymentEvent } from '../payments';
import { refusePayment, type PaymentRefusal } from './check-at-payment';
import { keepPayment, recordEvent, transitionOrder } from './order-workflow';
import { findOrderOwner, firstBuyTakenElsewhere, lockPayableOrder, type PayableOrder } from './payable-order';
import { roleLockKey } from './role-lock';

/**
 * What a webhook did: `applied` changed the order; `duplicate` was a second payment of a paid
 * order, refunded on its own; `replay` was an event already received;
 * `ignored` was received but changes nothing (a decline after payment); `unknownOrder` and
 * `mismatch` (amount or currency differ from the order) are refused and change nothing.
 */
export type PaymentOutcome = 'applied' | 'duplicate' | 'replay' | 'ignored' | 'unknownOrder' | 'mismatch';

/**
 * Another paid order of the character took the bundle's last purchase or the code's last use:
 * this order is declined with the reason in its timeline, and its money goes back through the
 * refund job, as a late payment's does.
 */
async function refundRefusedPayment(tx: Queryable, order: PayableOrder, refusal: PaymentRefusal): Promise<PaymentOutcome> {
  await transitionOrder(tx, order.order_id, 'declined', { detail: refusal });
  return keepToRefund(tx, order.order_id);
}

/** The money is kept on the order (paid_at) until the refund job sends it back. */
async function keepToRefund(tx: Queryable, orderId: string): Promise<PaymentOutcome> {
  await keepPayment(tx, orderId);
  await queueOrderJob(tx, orderId, 'refund');
  return 'applied';
}

/** The money is in: the order is paid and its mail goes into the outbox, in one transaction. */
async function takePayment(tx: Queryable, order: PayableOrder): Promise<PaymentOutcome> {
  const refusal = await refusePayment(tx, order.order_id);
  if (refusal) return refundRefusedPayment(tx, order, refusal);
  const firstBuy = order.first_buy && !(await firstBuyTakenElsewhere(tx, order));
  await transitionOrder(tx, order.order_id, 'paid', { set: { first_buy: firstBuy } });
  // An order an offer experiment priced is its variant's conversion, in the payment's transaction: once.
  if (order.experiment_id && order.experiment_variant && order.experiment_visitor) {
    await recordConversion(tx, { experimentId: order.experiment_id, variant: order.experiment_variant, visitor: order.experiment_visitor, orderId: order.order_id, amountMinor: order.amount_minor });
  }
  await queueOrderJob(tx, order.order_id, 'deliver');
  return 'applied';
}

/** Money for an order that can no longer be fulfilled (expired, declined): it goes back. */
async function refundLatePayment(tx: Queryable, order: PayableOrder): Promise<PaymentOutcome> {
  if (order.status === 'created') await transitionOrder(tx, order.order_id, 'expired');
  await recordEvent(tx, order.order_id, 'late_payment', { detail: `payment received while ${order.expired ? 'expired' : order.status}` });
  return keepToRefund(tx, order.order_id);
}

/**
 * A second payment for an order that took one already (a customer charged twice, two checkout
 * tabs both paid): the order keeps its first payment and its state; this one is shown in the
 * timeline and refunded on its own through the outbox.
 */
async function takeDuplicatePayment(tx: Queryable, provider: string, event: PaymentEvent): Promise<PaymentOutcome> {
  await markDuplicatePayment(tx, provider, event.eventId);
  await recordEvent(tx, event.orderId, 'duplicate_payment', { detail: event.eventId });
  await queuePaymentRefund(tx, event.orderId, event.eventId);
  return 'duplicate';
}

/**
 * The workflow's pay step: applies a verified webhook event to its order. Idempotent: the provider's event id is kept, and
 * the same event again changes nothing and is answered as success.
 */
export async function recordPayment(db: Db, provider: string, event: PaymentEvent): Promise<PaymentOutcome> {
  // An order's character never changes: it is read before the transaction, whose BEGIN then takes
  // the character's lock in the same round trip, as when orders are placed (first-buy is decided under it).
  const owner = await findOrderOwner(db, event.orderId);
  if (!owner) return 'unknownOrder';
  return db.transaction(async (tx) => {
    const order = await lockPayableOrder(tx, event.orderId);
    if (!order) return 'unknownOrder';
    if (order.amount_minor !== event.amountMinor || order.currency !== event.currency) return 'mismatch';
    if (!(await recordPaymentEvent(tx, provider, event))) return 'replay';
    if (event.result === 'declined') {
      if (order.status !== 'created') return 'ignored';
      await transitionOrder(tx, order.order_id, 'declined');
      return 'applied';
    }
    if (order.status === 'created' && !order.expired) return takePayment(tx, order);
    // Paid already under another event id (a customer charged twice): this payment goes back.
    if (order.took_payment) return takeDuplicatePayment(tx, provider, event);
    if (order.status === 'created' || order.status === 'expired' || order.status === 'declined') return refundLatePayment(tx, order);
    return 'ignored';
  }, { lockKey: roleLockKey(owner.game_id, owner.role_id) });
}
