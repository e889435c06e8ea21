import type { Queryable } from '../db/db';
import { HOLDING_STATUSES } from './order-state';

/** Orders of one character that hold a use of a code: paid ones, not refunded. */
export async function countCodeUses(db: Queryable, gameId: number, roleId: string, code: string): Promise<number> {
  const rows = await db.query<{ uses: number }>(
    `SELECT count(*)::int AS uses FROM orders
      WHERE game_id = $1 AND role_id = $2 AND discount_code = $3 AND status = ANY($4::text[])`,
    [gameId, roleId, code, HOLDING_STATUSES],
  );
  return rows[0]?.uses ?? 0;
}
