import type { Queryable } from '../db/db';
import type { PaymentEvent } from './payment-provider';

/**
 * The payment events the store received (table payment_events), keyed by provider and event id so
 * that a replayed event changes nothing. A paid event is the order's payment, or a duplicate: a
 * second payment for an order that had taken one already, refunded on its own.
 */

/** Keeps a received event; false when it was received before (a replay). */
export async function recordPaymentEvent(tx: Queryable, provider: string, event: PaymentEvent): Promise<boolean> {
  const fresh = await tx.query(
    `INSERT INTO payment_events (provider, event_id, order_id, result, amount_minor, currency)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING event_id`,
    [provider, event.eventId, event.orderId, event.result, event.amountMinor, event.currency],
  );
  return fresh.length > 0;
}

export async function markDuplicatePayment(tx: Queryable, provider: string, eventId: string): Promise<void> {
  await tx.query('UPDATE payment_events SET duplicate = true WHERE provider = $1 AND event_id = $2', [provider, eventId]);
}

export interface ReceivedPayment {
  readonly order_id: string;
  readonly event_id: string;
  readonly amount_minor: number;
  readonly currency: string;
  readonly duplicate: boolean;
}

/** A paid event as received. */
export async function findPaidEvent(db: Queryable, provider: string, eventId: string): Promise<ReceivedPayment | null> {
  const rows = await db.query<ReceivedPayment>(
    `SELECT order_id, event_id, amount_minor, currency, duplicate FROM payment_events
      WHERE provider = $1 AND event_id = $2 AND result = 'paid'`,
    [provider, eventId],
  );
  return rows[0] ?? null;
}

/** The payment the order took (not a duplicate); null when the store has no event of it. */
export async function findOrderPayment(db: Queryable, provider: string, orderId: string): Promise<ReceivedPayment | null> {
  const rows = await db.query<ReceivedPayment>(
    `SELECT order_id, event_id, amount_minor, currency, duplicate FROM payment_events
      WHERE provider = $1 AND order_id = $2 AND result = 'paid' AND NOT duplicate
      ORDER BY received_at, event_id LIMIT 1`,
    [provider, orderId],
  );
  return rows[0] ?? null;
}
