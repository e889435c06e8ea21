import type { Queryable } from '../db/db';
import { prepared } from '../db/prepared-sql';
import type { BundleHistory } from './price';

/** A character's orders as an order is placed: counted under its lock by topup_place_order (migration 081). */
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


const TOKEN_ORDER = prepared('token_order', 'SELECT order_id, game_id, role_id, product_id FROM orders WHERE order_token = $1');

/** The order of a client token, outside any lock (a retry's quick answer). */
export async function findTokenOrder(db: Queryable, orderToken: string): Promise<TokenOrder | null> {
  const rows = await db.query<TokenOrder>(TOKEN_ORDER, [orderToken]);
  return rows[0] ?? null;
}
