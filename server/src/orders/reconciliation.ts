import type { Queryable } from '../db/db';

/**
 * Every order whose money and items disagree, with what is wrong. Empty when all is well:
 * every paid order is delivered by exactly one mail (and not refunded), or refunded (and never
 * mailed), or still has its job in the outbox; no unpaid order was mailed; no refund without
 * a payment. The mailbox is the sandbox game's (a real game's delivery report takes its place).
 */
export const RECONCILIATION_SQL = `
SELECT o.order_id, o.status, o.paid_at IS NOT NULL AS paid,
       (SELECT count(*) FROM sandbox_mail m WHERE m.mail_key = o.order_id)::int AS mails,
       (SELECT count(*) FROM refunds r WHERE r.order_id = o.order_id)::int AS refunds,
       (SELECT count(*) FROM delivery_outbox j WHERE j.order_id = o.order_id)::int AS open_jobs
  FROM orders o
 WHERE NOT (
         (o.status = 'delivered' AND (SELECT count(*) FROM sandbox_mail m WHERE m.mail_key = o.order_id) = 1
                                 AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.order_id))
      OR (o.status = 'refunded' AND o.paid_at IS NOT NULL
                                AND NOT EXISTS (SELECT 1 FROM sandbox_mail m WHERE m.mail_key = o.order_id)
                                AND (SELECT count(*) FROM refunds r WHERE r.order_id = o.order_id) = 1)
      OR (o.status IN ('created', 'declined', 'expired') AND o.paid_at IS NULL
                                AND NOT EXISTS (SELECT 1 FROM sandbox_mail m WHERE m.mail_key = o.order_id)
                                AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.order_id))
      OR (o.status IN ('paid', 'delivering', 'delivery_failed', 'declined', 'expired') AND o.paid_at IS NOT NULL
                                AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.order_id)
                                AND EXISTS (SELECT 1 FROM delivery_outbox j WHERE j.order_id = o.order_id))
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
