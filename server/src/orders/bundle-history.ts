import type { LimitPeriod } from '../catalogue/catalogue';
import type { Queryable } from '../db/db';
import { prepared } from '../db/prepared-sql';
import { paidInPeriodSql } from '../purchases';
import { HOLDING_STATUSES, PAID_STATUSES } from './order-state';
import type { BundleHistory } from './price';

export interface RoleHistory extends BundleHistory {
  /** The character's unpaid orders of any bundle that have not expired. */
  readonly unpaid: number;
  /** Those of them placed by this buyer. */
  readonly unpaidByBuyer: number;
  /** The order already placed with this client token, if any. */
  readonly tokenOrder: TokenOrder | null;
}

export interface TokenOrder {
  readonly order_id: string;
  readonly game_id: number;
  readonly role_id: string;
  readonly product_id: string;
}


const ROLE_HISTORY = prepared(
  'role_history',
  `SELECT count(*) FILTER (WHERE bundle_id = $3 AND status = ANY($5::text[]) AND ${paidInPeriodSql('$7::text')})::int AS holding,
            count(*) FILTER (WHERE bundle_id = $3 AND status = ANY($6::text[]))::int AS first_buy_taken,
            count(*) FILTER (WHERE status = 'created' AND expires_at > now())::int AS unpaid,
            count(*) FILTER (WHERE status = 'created' AND expires_at > now() AND buyer = $8)::int AS unpaid_by_buyer,
            (SELECT json_build_object('order_id', t.order_id, 'game_id', t.game_id, 'role_id', t.role_id, 'product_id', t.product_id)
               FROM orders t WHERE t.order_token = $4) AS token_order
       FROM orders WHERE game_id = $1 AND role_id = $2`,
);

/**
 * One statement: the character's paid orders of the bundle (paid in the current period of its limit),
 * its open unpaid orders, all and the buyer's (one past its expiry time is not open, even before
 * the sweep marks it), and the order of the client token. Run it under the character's lock (lockRole)
 * so that nothing of the character changes before the new order is written. A discount code's uses are
 * counted by countCodeUses under the same lock; other characters' are counted again when the order is
 * paid (check-at-payment.ts).
 */
export async function readRoleHistory(
  tx: Queryable,
  query: { gameId: number; roleId: string; bundleId: number; limitPeriod: LimitPeriod; orderToken: string; buyer: string },
): Promise<RoleHistory> {
  const rows = await tx.query<{
    holding: number;
    first_buy_taken: number;
    unpaid: number;
    unpaid_by_buyer: number;
    token_order: TokenOrder | null;
  }>(
    ROLE_HISTORY,
    [query.gameId, query.roleId, query.bundleId, query.orderToken, HOLDING_STATUSES, PAID_STATUSES, query.limitPeriod, query.buyer],
  );
  const row = rows[0];
  if (!row) throw new Error('role history: no row');
  return {
    holding: row.holding,
    firstBuyTaken: row.first_buy_taken,
    unpaid: row.unpaid,
    unpaidByBuyer: row.unpaid_by_buyer,
    tokenOrder: row.token_order,
  };
}

const TOKEN_ORDER = prepared('token_order', 'SELECT order_id, game_id, role_id, product_id FROM orders WHERE order_token = $1');

/** The order of a client token, outside any lock (a retry's quick answer). */
export async function findTokenOrder(db: Queryable, orderToken: string): Promise<TokenOrder | null> {
  const rows = await db.query<TokenOrder>(TOKEN_ORDER, [orderToken]);
  return rows[0] ?? null;
}
