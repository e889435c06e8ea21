import type { Queryable } from '../db/db';
import { HOLDING_STATUSES } from './order-state';

/** Orders that hold a use of a code: paid ones, not refunded (`HOLDING_STATUSES`); unpaid orders hold nothing. */
export interface CodeUses {
  /** This character's. */
  readonly byRole: number;
  /** Every character's together. */
  readonly byAll: number;
}

/** The uses of a code by one character and by all of them; "" for the character counts none of its own. */
export async function countCodeUses(db: Queryable, gameId: number, roleId: string, code: string): Promise<CodeUses> {
  const rows = await db.query<{ by_role: number; by_all: number }>(
    `SELECT count(*) FILTER (WHERE game_id = $1 AND role_id = $2 AND $2 <> '')::int AS by_role, count(*)::int AS by_all
       FROM orders WHERE discount_code = $3 AND status = ANY($4::text[])`,
    [gameId, roleId, code, HOLDING_STATUSES],
  );
  return { byRole: rows[0]?.by_role ?? 0, byAll: rows[0]?.by_all ?? 0 };
}

/** How much a code has been used so far, for the back office. */
export interface DiscountCodeUsage {
  readonly code: string;
  /** Orders that hold a use: paid, on their way, delivered, or failed and not yet refunded. */
  readonly used: number;
  /** Of them, orders delivered. */
  readonly delivered: number;
  /** Unpaid orders placed with it that have not expired: uses to come if they are paid (they hold nothing yet). */
  readonly unpaid: number;
}

/** Each code's usage so far, by code; a code no order named has none. */
export async function discountCodeUsage(db: Queryable): Promise<DiscountCodeUsage[]> {
  return db.query<DiscountCodeUsage>(
    `SELECT c.code,
            count(o.order_id) FILTER (WHERE o.status = ANY($1::text[]))::int AS used,
            count(o.order_id) FILTER (WHERE o.status = 'delivered')::int AS delivered,
            count(o.order_id) FILTER (WHERE o.status = 'created' AND o.expires_at > now())::int AS unpaid
       FROM discount_codes c LEFT JOIN orders o ON o.discount_code = c.code
      GROUP BY c.code ORDER BY c.code`,
    [HOLDING_STATUSES],
  );
}
