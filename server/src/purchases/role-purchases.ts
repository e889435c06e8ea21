import type { Queryable } from '../db/db';

/** Whose purchases: a character by its role ID, or (without one) a player account by its uid. */
export interface Purchaser {
  readonly gameId: number;
  readonly roleId: string;
  readonly uid: string;
}

/**
 * How many times the character bought each bundle, counting delivered orders only:
 * first-buy offers and purchase limits follow what actually reached the player.
 */
export async function deliveredPurchases(db: Queryable, purchaser: Purchaser): Promise<Map<number, number>> {
  const byRole = purchaser.roleId !== '';
  if (!byRole && purchaser.uid === '') return new Map();
  const rows = await db.query<{ bundle_id: number; bought: number }>(
    `SELECT bundle_id, count(*)::int AS bought FROM orders
      WHERE game_id = $1 AND ${byRole ? 'role_id' : 'uid'} = $2 AND status = 'delivered'
      GROUP BY bundle_id`,
    [purchaser.gameId, byRole ? purchaser.roleId : purchaser.uid],
  );
  return new Map(rows.map((row) => [row.bundle_id, row.bought]));
}
