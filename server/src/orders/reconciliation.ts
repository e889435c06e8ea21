import type { Queryable } from '../db/db';

/**
 * Every order whose money and items disagree, with what is wrong. Empty when all is well:
 * every paid order is delivered by exactly one mail (and not refunded), or refunded (and never
 * mailed, unless the support desk refunded it after delivery), or still has its job in the outbox; no unpaid order was mailed; no refund without
 * a payment. The evidence of delivery is the store's own record of the mail the game acknowledged
 * (`orders.mail_id`, the contract's `mail_id`), so the same check holds with the sandbox game and with
 * any game server (GAME_GATEWAY=http); `mails` is 1 when the game acknowledged the order's mail.
 * Refunds of duplicate payments (a second payment of a paid order) and their jobs are not the
 * order's own money: the provider's payments report looks after them.
 */
export const RECONCILIATION_SQL = `
SELECT o.order_id, o.status, o.paid_at IS NOT NULL AS paid,
       (CASE WHEN o.mail_id IS NULL THEN 0 ELSE 1 END) AS mails,
       (SELECT count(*) FROM refunds r WHERE r.order_id = o.order_id AND r.kind = 'order')::int AS refunds,
       (SELECT count(*) FROM delivery_outbox j WHERE j.order_id = o.order_id AND j.job <> 'refund_payment')::int AS open_jobs
  FROM orders o
 WHERE NOT (
         (o.status = 'delivered' AND o.mail_id IS NOT NULL
                                 AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.order_id AND r.kind = 'order'))
      OR (o.status = 'refunded' AND o.paid_at IS NOT NULL
                                AND o.mail_id IS NULL
                                AND (SELECT count(*) FROM refunds r WHERE r.order_id = o.order_id AND r.kind = 'order') = 1)
      OR (o.status = 'refunded' AND o.paid_at IS NOT NULL AND o.refund_requested_at IS NOT NULL
                                AND (SELECT count(*) FROM refunds r WHERE r.order_id = o.order_id AND r.kind = 'order') = 1)
      OR (o.status IN ('created', 'declined', 'expired') AND o.paid_at IS NULL
                                AND o.mail_id IS NULL
                                AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.order_id AND r.kind = 'order'))
      OR (o.status IN ('paid', 'delivering', 'delivery_failed', 'declined', 'expired') AND o.paid_at IS NOT NULL
                                AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.order_id AND r.kind = 'order')
                                AND EXISTS (SELECT 1 FROM delivery_outbox j WHERE j.order_id = o.order_id AND j.job <> 'refund_payment'))
       )
 ORDER BY o.order_id`;

export interface Mismatch {
  readonly order_id: string;
  readonly status: string;
  readonly paid: boolean;
  readonly mails: number;
  readonly refunds: number;
  readonly open_jobs: number;
}

export function reconcileOrders(db: Queryable): Promise<Mismatch[]> {
  return db.query<Mismatch>(RECONCILIATION_SQL);
}

/**
 * Orders whose items went out without a payment on record: delivered, being delivered or mailed
 * with no `paid_at`, or marked paid only after they were delivered.
 */
export const DELIVERED_UNPAID_SQL = `
SELECT o.order_id, o.status, o.paid_at, o.mail_sent_at, o.delivered_at,
       (CASE WHEN o.mail_id IS NULL THEN 0 ELSE 1 END) AS mails
  FROM orders o
 WHERE (o.paid_at IS NULL AND (o.status IN ('delivering', 'delivered') OR o.mail_sent_at IS NOT NULL OR o.delivered_at IS NOT NULL
                               OR o.mail_id IS NOT NULL))
    OR o.paid_at > o.delivered_at
 ORDER BY o.order_id`;

export interface DeliveredUnpaid {
  readonly order_id: string;
  readonly status: string;
  readonly paid_at: Date | null;
  readonly mail_sent_at: Date | null;
  readonly delivered_at: Date | null;
  readonly mails: number;
}

export function findDeliveredUnpaid(db: Queryable): Promise<DeliveredUnpaid[]> {
  return db.query<DeliveredUnpaid>(DELIVERED_UNPAID_SQL);
}

/**
 * Paid orders neither delivered nor refunded by their deadline: paid longer ago than the delivery
 * give-up time ($1, DELIVERY_GIVE_UP_AFTER) plus a margin ($2) for the refund that follows.
 */
export const STUCK_PAID_SQL = `
SELECT o.order_id, o.status, o.paid_at,
       (SELECT count(*) FROM delivery_outbox j WHERE j.order_id = o.order_id)::int AS open_jobs,
       coalesce((SELECT max(j.last_error) FROM delivery_outbox j WHERE j.order_id = o.order_id), '') AS last_error
  FROM orders o
 WHERE o.paid_at IS NOT NULL AND o.status NOT IN ('delivered', 'refunded')
   AND o.paid_at < now() - ($1::bigint + $2::bigint) * interval '1 millisecond'
 ORDER BY o.paid_at, o.order_id`;

/** How long after the give-up time a paid order may still be on its way (its refund). */
export const STUCK_MARGIN_MS = 3_600_000;

export interface StuckPaidOrder {
  readonly order_id: string;
  readonly status: string;
  readonly paid_at: Date;
  readonly open_jobs: number;
  readonly last_error: string;
}

export function findStuckPaidOrders(db: Queryable, giveUpAfterMs: number, marginMs: number = STUCK_MARGIN_MS): Promise<StuckPaidOrder[]> {
  return db.query<StuckPaidOrder>(STUCK_PAID_SQL, [giveUpAfterMs, marginMs]);
}

/**
 * Orders the store gave back more than was paid for (the desk's parts and the whole refund together),
 * and every order refunded in parts, with what was paid, refunded and kept: the first must never hold a row.
 */
export const OVER_REFUNDED_SQL = `
SELECT o.order_id, o.status, o.amount_minor, o.currency, sum(r.amount_minor)::int AS refunded_minor,
       count(*) FILTER (WHERE r.kind = 'partial')::int AS parts
  FROM orders o JOIN refunds r ON r.order_id = o.order_id AND r.kind IN ('order', 'partial')
 GROUP BY o.order_id, o.status, o.amount_minor, o.currency
HAVING sum(r.amount_minor) > o.amount_minor
 ORDER BY o.order_id`;

export const PARTLY_REFUNDED_SQL = `
SELECT o.order_id, o.status, o.amount_minor, o.currency, sum(r.amount_minor)::int AS refunded_minor,
       (o.amount_minor - sum(r.amount_minor))::int AS kept_minor, count(*)::int AS parts
  FROM orders o JOIN refunds r ON r.order_id = o.order_id AND r.kind = 'partial'
 WHERE o.status <> 'refunded'
 GROUP BY o.order_id, o.status, o.amount_minor, o.currency
 ORDER BY o.order_id`;

export interface RefundedPart {
  readonly order_id: string;
  readonly status: string;
  readonly amount_minor: number;
  readonly currency: string;
  readonly refunded_minor: number;
  readonly parts: number;
}

export function findOverRefunded(db: Queryable): Promise<RefundedPart[]> {
  return db.query<RefundedPart>(OVER_REFUNDED_SQL);
}

/** Orders refunded in part and kept for the rest (not a problem: what reconcile reports beside its checks). */
export function findPartlyRefunded(db: Queryable): Promise<Array<RefundedPart & { readonly kept_minor: number }>> {
  return db.query(PARTLY_REFUNDED_SQL);
}

export interface OrderTotals {
  readonly orders: number;
  readonly paid: number;
  readonly delivered: number;
  readonly refunded: number;
  /** Orders with a job still in the outbox. */
  readonly open: number;
}

/** How many orders the store holds, paid, delivered, refunded and still being worked on. */
export async function countOrders(db: Queryable): Promise<OrderTotals | undefined> {
  const [totals] = await db.query<OrderTotals>(
    `SELECT count(*)::int AS orders, count(*) FILTER (WHERE paid_at IS NOT NULL)::int AS paid,
            count(*) FILTER (WHERE status = 'delivered')::int AS delivered, count(*) FILTER (WHERE status = 'refunded')::int AS refunded,
            (SELECT count(DISTINCT order_id) FROM delivery_outbox WHERE job <> 'player_mail')::int AS open
       FROM orders`,
  );
  return totals;
}
