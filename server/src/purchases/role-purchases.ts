import type { Queryable } from '../db/db';
import { prepared } from '../db/prepared-sql';
import { paidInPeriodSql } from './limit-period';

/** Whose purchases: a character by its role ID, or (without one) a player account by its uid. */
export interface Purchaser {
  readonly gameId: number;
  readonly roleId: string;
  readonly uid: string;
}

/** A character's delivered purchases of one bundle. */
export interface BundlePurchases {
  /** Ever: the first-purchase offer is used up by the first. */
  readonly ever: number;
  /** In the current period of the bundle's limit (today, this week, this month in UTC, or ever): what the limit's progress shows. */
  readonly inPeriod: number;
}

/** The statement for a character (`role_id`) or an account (`uid`): two constant texts, each prepared once per connection. */
function deliveredSql(by: 'role_id' | 'uid'): string {
  return `SELECT o.bundle_id, count(*)::int AS ever,
            count(*) FILTER (WHERE ${paidInPeriodSql('b.role_buy_limit_period', 'o')})::int AS in_period
       FROM orders o JOIN bundles b ON b.id = o.bundle_id
      WHERE o.game_id = $1 AND o.${by} = $2 AND o.status = 'delivered'
      GROUP BY o.bundle_id`;
}

const BY_ROLE = prepared('delivered_by_role', deliveredSql('role_id'));
const BY_UID = prepared('delivered_by_uid', deliveredSql('uid'));

/**
 * How many times the character bought each bundle, counting delivered orders only:
 * first-buy offers and purchase limits follow what actually reached the player.
 */
export async function deliveredPurchases(db: Queryable, purchaser: Purchaser): Promise<Map<number, BundlePurchases>> {
  const byRole = purchaser.roleId !== '';
  if (!byRole && purchaser.uid === '') return new Map();
  const rows = await db.query<{ bundle_id: number; ever: number; in_period: number }>(byRole ? BY_ROLE : BY_UID, [
    purchaser.gameId,
    byRole ? purchaser.roleId : purchaser.uid,
  ]);
  return new Map(rows.map((row) => [row.bundle_id, { ever: row.ever, inPeriod: row.in_period }]));
}
