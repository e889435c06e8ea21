import type { Queryable } from '../db/db';

/**
 * Money the store gave back (table refunds): once per order for the order's own payment (kind
 * 'order': delivery failed, or paid after the order ended), and once per duplicate payment (kind
 * 'duplicate_payment': a second payment for an order already paid).
 */
export interface RecordedRefund {
  readonly orderId: string;
  readonly provider: string;
  readonly refundId: string;
  /** The provider's payment that went back (the store's event id of it). */
  readonly paymentId: string | null;
  readonly amountMinor: number;
  readonly currency: string;
  readonly reason: string;
}

/** The order's own payment went back; recording it again changes nothing. */
export async function recordOrderRefund(tx: Queryable, refund: RecordedRefund): Promise<void> {
  await tx.query(
    `INSERT INTO refunds (order_id, kind, provider, refund_id, payment_id, amount_minor, currency, reason)
     VALUES ($1, 'order', $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [refund.orderId, refund.provider, refund.refundId, refund.paymentId, refund.amountMinor, refund.currency, refund.reason],
  );
}

/** A duplicate payment went back; false when it was recorded before. */
export async function recordDuplicateRefund(tx: Queryable, refund: RecordedRefund & { readonly paymentId: string }): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO refunds (order_id, kind, provider, refund_id, payment_id, amount_minor, currency, reason)
     VALUES ($1, 'duplicate_payment', $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
    [refund.orderId, refund.provider, refund.refundId, refund.paymentId, refund.amountMinor, refund.currency, refund.reason],
  );
  return rows.length > 0;
}

/** A part of the order's own payment went back (`part`: 'part:<n>'); recording it again changes nothing. */
export async function recordPartRefund(tx: Queryable, refund: RecordedRefund & { readonly part: string }): Promise<void> {
  await tx.query(
    `INSERT INTO refunds (order_id, kind, part, provider, refund_id, payment_id, amount_minor, currency, reason)
     VALUES ($1, 'partial', $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    [refund.orderId, refund.part, refund.provider, refund.refundId, refund.paymentId, refund.amountMinor, refund.currency, refund.reason],
  );
}

/**
 * How much of an order's own payment the store has given back or is giving back: parts refunded,
 * parts queued, and the whole refund once recorded. Duplicate payments are not the order's money.
 */
export async function orderRefundTotals(db: Queryable, orderId: string): Promise<{ refunded_minor: number; queued_minor: number; parts: number }> {
  const [row] = await db.query<{ refunded_minor: number; queued_minor: number; parts: number }>(
    `SELECT (SELECT coalesce(sum(amount_minor), 0)::int FROM refunds WHERE order_id = $1 AND kind IN ('order', 'partial')) AS refunded_minor,
            (SELECT coalesce(sum(amount_minor), 0)::int FROM delivery_outbox WHERE order_id = $1 AND job = 'refund_part') AS queued_minor,
            ((SELECT count(*) FROM refunds WHERE order_id = $1 AND kind = 'partial')
              + (SELECT count(*) FROM delivery_outbox WHERE order_id = $1 AND job = 'refund_part'))::int AS parts`,
    [orderId],
  );
  return row ?? { refunded_minor: 0, queued_minor: 0, parts: 0 };
}
