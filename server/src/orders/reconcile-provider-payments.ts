import type { Queryable } from '../db/db';
import { amountText, type PaymentProvider, type ProviderPayment } from '../payments';

/** A payment the provider took and kept that the store does not account for, and why. */
export interface UnmatchedPayment {
  readonly payment_id: string;
  readonly order_id: string;
  readonly amount: string;
  readonly currency: string;
  readonly booked_at: Date;
  readonly problem:
    | 'not in the store'
    | 'order not paid in the store'
    | 'refunded in the store only'
    | 'duplicate not being refunded'
    | 'for another order'
    | 'partly refunded amounts differ';
}

interface StoreView {
  event_id: string;
  order_id: string;
  duplicate: boolean;
  order_paid: boolean;
  order_refunded: boolean;
  refund_queued: boolean;
  refund_recorded: boolean;
  /** Parts of it the store recorded as refunded, and whether a refund of the order is under way. */
  parts_refunded_minor: number;
  refund_under_way: boolean;
}

/** What the store holds of these payments: the paid event, its order, and any refund of it. */
export const STORE_PAYMENTS_SQL = `
SELECT p.event_id, p.order_id, p.duplicate, o.paid_at IS NOT NULL AS order_paid, o.status = 'refunded' AS order_refunded,
       EXISTS (SELECT 1 FROM delivery_outbox j
                WHERE j.order_id = p.order_id AND j.job = 'refund_payment' AND j.payment_id = p.event_id) AS refund_queued,
       EXISTS (SELECT 1 FROM refunds r WHERE r.provider = p.provider AND r.payment_id = p.event_id AND r.kind <> 'partial') AS refund_recorded,
       (SELECT coalesce(sum(r.amount_minor), 0) FROM refunds r
         WHERE r.provider = p.provider AND r.payment_id = p.event_id AND r.kind = 'partial')::int AS parts_refunded_minor,
       EXISTS (SELECT 1 FROM delivery_outbox j WHERE j.order_id = p.order_id AND j.job IN ('refund', 'refund_part')) AS refund_under_way
  FROM payment_events p JOIN orders o ON o.order_id = p.order_id
 WHERE p.provider = $1 AND p.result = 'paid' AND p.event_id = ANY($2::text[])`;

function problemOf(payment: ProviderPayment, store: StoreView | undefined): UnmatchedPayment['problem'] | null {
  if (!store) return 'not in the store';
  if (store.order_id !== payment.orderId) return 'for another order';
  if (store.refund_recorded || (!store.duplicate && store.order_refunded)) return 'refunded in the store only';
  if (store.duplicate) return store.refund_queued ? null : 'duplicate not being refunded';
  if (!store.order_paid) return 'order not paid in the store';
  // A payment given back in parts: the provider's books and the store's must hold the same parts.
  const providerParts = payment.refundedMinor ?? null;
  if (providerParts !== null && providerParts !== store.parts_refunded_minor && !store.refund_under_way) return 'partly refunded amounts differ';
  return null;
}

/**
 * Compares the provider's own books with the store: every payment the provider took and did not
 * refund must be an order's payment in the store (paid, on its way, delivered or its late payment
 * going back), or a duplicate whose refund is queued; a payment refunded in parts must have the same
 * parts refunded in the store. Null when the provider cannot list its payments.
 */
export async function findUnmatchedProviderPayments(db: Queryable, provider: PaymentProvider, since: Date): Promise<UnmatchedPayment[] | null> {
  if (!provider.listPayments) return null;
  const kept = (await provider.listPayments(since)).filter((payment) => payment.result === 'paid' && !payment.refunded);
  if (kept.length === 0) return [];
  const rows = await db.query<StoreView>(STORE_PAYMENTS_SQL, [provider.name, kept.map((payment) => payment.paymentId)]);
  const byId = new Map(rows.map((row) => [row.event_id, row]));
  return kept.flatMap((payment) => {
    const problem = problemOf(payment, byId.get(payment.paymentId));
    if (!problem) return [];
    return [
      {
        payment_id: payment.paymentId,
        order_id: payment.orderId,
        amount: amountText(payment.amountMinor, payment.currency),
        currency: payment.currency,
        booked_at: payment.bookedAt,
        problem,
      },
    ];
  });
}
