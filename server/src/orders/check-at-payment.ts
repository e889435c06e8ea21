import type { Queryable } from '../db/db';
import { paidInPeriodSql } from '../purchases';
import { HOLDING_STATUSES } from './order-state';
import { limitReached } from './price';
import { lockDiscountCode } from './role-lock';

/** Why a payment cannot buy what its order was placed for; its timeline says so. */
export type PaymentRefusal = 'purchase limit reached' | 'code already used' | 'code used up';

/**
 * Unpaid orders hold nothing, so two orders may be placed for the last purchase of a bundle or
 * the last use of a code, and both paid. The payment counts the other paid orders against the limits
 * in force now: the bundle's (paid in its limit's current period) and the code's per character (an ordered bundle's row is never deleted;
 * a code deleted since limits nothing), and the code's for all characters, under the code's lock.
 * Run it under the character's lock.
 */
export async function refusePayment(tx: Queryable, orderId: string): Promise<PaymentRefusal | null> {
  const [limited] = await tx.query<{ code: string }>(
    `SELECT c.code FROM orders o JOIN discount_codes c ON c.code = o.discount_code WHERE o.order_id = $1 AND c.uses_per_code > 0`,
    [orderId],
  );
  if (limited) await lockDiscountCode(tx, limited.code);
  const rows = await tx.query<{ role_buy_limit: number; bundle_paid: number; uses_per_role: number; code_paid: number; uses_per_code: number; code_paid_by_all: number }>(
    `SELECT b.role_buy_limit, coalesce(c.uses_per_role, 0) AS uses_per_role, coalesce(c.uses_per_code, 0) AS uses_per_code,
            (SELECT count(*) FROM orders p
              WHERE p.game_id = o.game_id AND p.role_id = o.role_id AND p.order_id <> o.order_id
                AND p.bundle_id = o.bundle_id AND p.status = ANY($2::text[])
                AND ${paidInPeriodSql('b.role_buy_limit_period', 'p')})::int AS bundle_paid,
            (SELECT count(*) FROM orders p
              WHERE p.game_id = o.game_id AND p.role_id = o.role_id AND p.order_id <> o.order_id
                AND o.discount_code <> '' AND p.discount_code = o.discount_code AND p.status = ANY($2::text[]))::int AS code_paid,
            (SELECT count(*) FROM orders p
              WHERE p.order_id <> o.order_id AND o.discount_code <> '' AND p.discount_code = o.discount_code
                AND p.status = ANY($2::text[]))::int AS code_paid_by_all
       FROM orders o
       JOIN bundles b ON b.id = o.bundle_id
       LEFT JOIN discount_codes c ON c.code = o.discount_code
      WHERE o.order_id = $1`,
    [orderId, HOLDING_STATUSES],
  );
  const row = rows[0];
  if (!row) return null;
  if (limitReached(row.role_buy_limit, row.bundle_paid)) return 'purchase limit reached';
  if (limitReached(row.uses_per_role, row.code_paid)) return 'code already used';
  if (limitReached(row.uses_per_code, row.code_paid_by_all)) return 'code used up';
  return null;
}
