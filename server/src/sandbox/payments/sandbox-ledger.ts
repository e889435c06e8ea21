import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../db/db';
import type { ProviderPayment } from '../../payments';
import type { SandboxPaymentRow } from './sandbox-webhook';

/**
 * The sandbox provider's own books (table sandbox_payments): every payment it took, keyed by the
 * payment's id (the event id of its webhook), at most one per checkout attempt of an order, and
 * its refund. A real provider keeps these on its side; the store only reads them to reconcile.
 */

const PAYMENT_COLUMNS = 'order_id, event_id, result, amount_minor, currency, created_at';

export interface SandboxBooking {
  readonly orderId: string;
  /** One checkout attempt (a page shown once): the same attempt books once, another one books again. */
  readonly attemptId: string;
  readonly result: 'paid' | 'declined';
  readonly amountMinor: number;
  readonly currency: string;
  /** When it was booked, if not now (demo data). */
  readonly at?: Date;
  /** The store already has its webhook (demo data): nothing to send. */
  readonly acknowledged?: boolean;
}

/** The attempt the checkout makes when it names none: the order itself, one payment per order. */
export function paymentIdOf(orderId: string, attemptId: string): string {
  if (attemptId === orderId) return `sbx_evt_${orderId}`;
  // Hashed: whatever a form sends, the id stays short and plain.
  return `sbx_evt_${orderId}_${createHash('sha256').update(attemptId).digest('hex').slice(0, 16)}`;
}

/** Books a payment once per attempt; returns the booked row (the first one on a repeat). */
export async function bookPayment(db: Queryable, booking: SandboxBooking): Promise<SandboxPaymentRow> {
  if (booking.attemptId.length === 0 || booking.attemptId.length > 200) throw new RangeError('a checkout attempt id has 1 to 200 characters');
  await db.query(
    `INSERT INTO sandbox_payments (order_id, attempt_id, event_id, result, amount_minor, currency, created_at, webhook_acknowledged_at)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, now()), CASE WHEN $8 THEN coalesce($7, now()) END)
     ON CONFLICT (order_id, attempt_id) DO NOTHING`,
    [
      booking.orderId,
      booking.attemptId,
      paymentIdOf(booking.orderId, booking.attemptId),
      booking.result,
      booking.amountMinor,
      booking.currency,
      booking.at ?? null,
      booking.acknowledged ?? false,
    ],
  );
  const [payment] = await db.query<SandboxPaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM sandbox_payments WHERE order_id = $1 AND attempt_id = $2`, [
    booking.orderId,
    booking.attemptId,
  ]);
  if (!payment) throw new Error(`sandbox payment of ${booking.orderId} neither booked nor found`);
  return payment;
}

/**
 * Refunds a paid payment, or a part of it, once per key, and returns the refund's id. With no payment
 * id, the order's only paid payment. Without a key: the whole payment, which must be what is left of
 * it. With a key ('part:<n>'): that much, which may not take the refunds past the payment. A key seen
 * before answers its refund again (the same amount only). null when there is no such payment or the
 * amount does not fit; the payment counts as refunded once nothing of it is left.
 */
export async function refundBookedPayment(
  db: Db,
  payment: { orderId: string; paymentId?: string; amountMinor: number; currency: string; key?: string },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [booked] = await tx.query<{ event_id: string; amount_minor: number }>(
      `SELECT event_id, amount_minor FROM sandbox_payments
        WHERE order_id = $1 AND result = 'paid' AND currency = $2
          AND CASE WHEN $3::text IS NULL
                   THEN (SELECT count(*) FROM sandbox_payments p WHERE p.order_id = $1 AND p.result = 'paid') = 1
                   ELSE event_id = $3::text END
        FOR UPDATE`,
      [payment.orderId, payment.currency, payment.paymentId ?? null],
    );
    if (!booked) return null;
    const key = payment.key ?? 'whole';
    const [done] = await tx.query<{ refund_id: string; amount_minor: number }>(
      'SELECT refund_id, amount_minor FROM sandbox_refunds WHERE event_id = $1 AND refund_key = $2',
      [booked.event_id, key],
    );
    if (done) return done.amount_minor === payment.amountMinor ? done.refund_id : null;
    const [{ refunded } = { refunded: 0 }] = await tx.query<{ refunded: number }>(
      'SELECT coalesce(sum(amount_minor), 0)::int AS refunded FROM sandbox_refunds WHERE event_id = $1',
      [booked.event_id],
    );
    const left = booked.amount_minor - refunded;
    if (payment.amountMinor <= 0 || (key === 'whole' ? payment.amountMinor !== left : payment.amountMinor > left)) return null;
    const plain = booked.event_id.replace(/^sbx_evt_/, '');
    const refundId = key === 'whole' ? `sbx_rf_${plain}` : `sbx_rf_${plain}_${key.replace(/[^A-Za-z0-9]/g, '')}`;
    await tx.query('INSERT INTO sandbox_refunds (refund_id, event_id, refund_key, amount_minor) VALUES ($1, $2, $3, $4)', [
      refundId,
      booked.event_id,
      key,
      payment.amountMinor,
    ]);
    if (payment.amountMinor === left) {
      await tx.query('UPDATE sandbox_payments SET refund_id = coalesce(refund_id, $2), refunded_at = coalesce(refunded_at, now()) WHERE event_id = $1', [
        booked.event_id,
        refundId,
      ]);
    }
    return refundId;
  });
}

/**
 * Payments whose webhook the store has not acknowledged and that are due to be sent again. The
 * first send is the booking's own (`settle`); the resend waits at least one step after it, so a
 * webhook on its way is never sent a second time alongside it.
 */
export function unacknowledgedPayments(db: Queryable, maxSends: number, stepMs: number): Promise<SandboxPaymentRow[]> {
  return db.query<SandboxPaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM sandbox_payments
      WHERE webhook_acknowledged_at IS NULL AND webhook_attempts < $1
        AND coalesce(webhook_last_sent_at, created_at) < now() - greatest(least(webhook_attempts, 120), 1) * $2 * interval '1 millisecond'
      ORDER BY created_at LIMIT 20`,
    [maxSends, stepMs],
  );
}

/** One more webhook sent for this payment; acknowledged when the store answered 2xx. */
export async function noteWebhookSent(db: Queryable, paymentId: string, acknowledged: boolean): Promise<void> {
  await db.query(
    `UPDATE sandbox_payments SET webhook_attempts = webhook_attempts + 1, webhook_last_sent_at = now(),
            webhook_acknowledged_at = CASE WHEN $2 THEN coalesce(webhook_acknowledged_at, now()) ELSE webhook_acknowledged_at END
      WHERE event_id = $1`,
    [paymentId, acknowledged],
  );
}

/** Every payment booked since then, as the provider's books say. */
export async function listBookedPayments(db: Queryable, since: Date): Promise<ProviderPayment[]> {
  const rows = await db.query<{ event_id: string; order_id: string; result: 'paid' | 'declined'; amount_minor: number; currency: string; created_at: Date; refunded: boolean; refunded_minor: number }>(
    `SELECT event_id, order_id, result, amount_minor, currency, created_at, refunded_at IS NOT NULL AS refunded,
            (SELECT coalesce(sum(r.amount_minor), 0)::int FROM sandbox_refunds r WHERE r.event_id = p.event_id) AS refunded_minor
       FROM sandbox_payments p WHERE created_at >= $1 ORDER BY created_at, event_id`,
    [since],
  );
  return rows.map((row) => ({
    paymentId: row.event_id,
    orderId: row.order_id,
    result: row.result,
    amountMinor: row.amount_minor,
    currency: row.currency,
    bookedAt: row.created_at,
    refunded: row.refunded,
    refundedMinor: row.refunded_minor,
  }));
}
