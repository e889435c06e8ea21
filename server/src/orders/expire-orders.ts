import type { Queryable } from '../db/db';

/** Unpaid orders past their time expire, each with its timeline entry. Returns how many. */
export async function expireUnpaidOrders(db: Queryable): Promise<number> {
  const rows = await db.query(
    `WITH expired AS (
       UPDATE orders SET status = 'expired', expired_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE status = 'created' AND expires_at <= now()
        RETURNING order_id, expired_at)
     INSERT INTO order_events (order_id, event, at) SELECT order_id, 'expired', expired_at FROM expired RETURNING order_id`,
  );
  return rows.length;
}
