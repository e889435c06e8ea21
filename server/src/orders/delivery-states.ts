import type { Queryable } from '../db/db';
import type { SentMail } from '../game/game-gateway';
import { statesBefore } from './order-state';
import { ORDER_COLUMNS, type OrderRow } from './read-order';

/**
 * The order an attempt at delivery is for, moved from paid to delivering (with its timeline entry)
 * if it was paid, in one statement. null when there is no such order.
 */
export async function startDelivery(db: Queryable, orderId: string, attempt: number): Promise<OrderRow | null> {
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
    [orderId, attempt, statesBefore('delivering')],
  );
  return rows[0] ?? null;
}

/** The game has the mail: the order is delivered and its timeline gets "mail sent" and "delivered", in one statement. */
export async function markDelivered(tx: Queryable, orderId: string, attempt: number, sent: SentMail): Promise<void> {
  await tx.query(
    `WITH moved AS (
       UPDATE orders SET status = 'delivered', delivered_at = clock_timestamp(), updated_at = clock_timestamp(),
                         mail_id = $3::text, mail_sent_at = $4::timestamptz
        WHERE order_id = $1 AND status = ANY($5::text[])
        RETURNING order_id, delivered_at)
     INSERT INTO order_events (order_id, event, attempt, detail, at)
     SELECT order_id, 'mail_sent', $2::integer, 'mail ' || $3::text, $4::timestamptz FROM moved
     UNION ALL
     SELECT order_id, 'delivered', $2::integer, '', delivered_at FROM moved`,
    [orderId, attempt, sent.mailId, sent.sentAt, statesBefore('delivered')],
  );
}
