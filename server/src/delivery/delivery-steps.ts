import type { Queryable } from '../db/db';
import type { SentMail } from '../game/game-gateway';
import { statesBefore } from '../orders/order-state';
import { ORDER_COLUMNS, type OrderRow } from '../orders/read-order';
import type { ClaimedJob } from './outbox';

/**
 * The order of a claimed job, moved from paid to delivering (with its timeline entry) if it was
 * paid, in one statement. null when there is no such order.
 */
export async function startDelivery(db: Queryable, job: ClaimedJob): Promise<OrderRow | null> {
  const rows = await db.query<OrderRow>(
    `WITH moved AS (
       UPDATE orders SET status = 'delivering', delivering_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE order_id = $1 AND status = ANY($3::text[])
        RETURNING ${ORDER_COLUMNS}, delivering_at),
     noted AS (
       INSERT INTO order_events (order_id, event, attempt, at) SELECT order_id, 'delivering', $2::integer, delivering_at FROM moved)
     SELECT ${ORDER_COLUMNS} FROM moved
     UNION ALL
     SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = $1 AND NOT EXISTS (SELECT 1 FROM moved)`,
    [job.order_id, job.attempts, statesBefore('delivering')],
  );
  return rows[0] ?? null;
}

/**
 * The game has the mail: the order is delivered, its timeline gets "mail sent" and "delivered",
 * and the job leaves the outbox — one statement, so all of it happens or none.
 */
export async function finishDelivery(db: Queryable, job: ClaimedJob, sent: SentMail): Promise<void> {
  await db.query(
    `WITH moved AS (
       UPDATE orders SET status = 'delivered', delivered_at = clock_timestamp(), updated_at = clock_timestamp(),
                         mail_id = $3::text, mail_sent_at = $4::timestamptz
        WHERE order_id = $1 AND status = ANY($5::text[])
        RETURNING order_id, delivered_at),
     noted AS (
       INSERT INTO order_events (order_id, event, attempt, detail, at)
       SELECT order_id, 'mail_sent', $2::integer, 'mail ' || $3::text, $4::timestamptz FROM moved
       UNION ALL
       SELECT order_id, 'delivered', $2::integer, '', delivered_at FROM moved),
     done AS (
       DELETE FROM delivery_outbox WHERE order_id = $1 AND job = 'deliver' AND attempts = $2::integer)
     SELECT 1`,
    [job.order_id, job.attempts, sent.mailId, sent.sentAt, statesBefore('delivered')],
  );
}
