import type { GameRewards, LocalizedText } from '../catalogue/catalogue';
import type { Queryable } from '../db/db';
import type { Character } from './character';

/**
 * Points (decision 305): one ledger, each event once by its key — `earn:<order>` when an order is
 * delivered, `refund:<order>` (and `refund:<order>:<part>`) when its money goes back, `correction:<n>`
 * by the support desk. The balance is the sum.
 */

/** The points `amount` (SQL, minor units) of order `o` earns at its game `g`'s rate, as SQL. */
const EARNED_SQL = (amount: string) => `floor(${amount} * coalesce((g.rewards -> 'points_per_1000_minor' ->> o.currency)::int, 0) / 1000)::int`;

/**
 * A delivered order earns its points at its game's rate (catalogue data), in the caller's transaction
 * (the one that records the delivery). Only while the order is delivered; a second call changes nothing.
 */
export async function earnPointsForOrder(tx: Queryable, orderId: string): Promise<void> {
  await tx.query(
    `INSERT INTO points_ledger (event_key, game_id, server_id, role_id, kind, points, order_id)
     SELECT 'earn:' || o.order_id, o.game_id, o.server_id, o.role_id, 'purchase', ${EARNED_SQL('o.amount_minor')}, o.order_id
       FROM orders o JOIN games g ON g.game_id = o.game_id
      WHERE o.order_id = $1 AND o.status = 'delivered' AND ${EARNED_SQL('o.amount_minor')} > 0
     ON CONFLICT (event_key) DO NOTHING`,
    [orderId],
  );
}

/**
 * Money of an order went back: its points go too — those of `partMinor` (a part refunded) or all it
 * holds — never more than it still holds, in the caller's transaction, once per `eventKey`. The order's
 * row is locked first, so two refunds of one order never both take the same points.
 */
export async function removePointsForRefund(tx: Queryable, orderId: string, eventKey: string, partMinor: number | null = null): Promise<void> {
  await tx.query('SELECT 1 FROM orders WHERE order_id = $1 FOR UPDATE', [orderId]);
  await tx.query(
    `INSERT INTO points_ledger (event_key, game_id, server_id, role_id, kind, points, order_id)
     SELECT $2, l.game_id, l.server_id, l.role_id, 'refund', -least(sum(l.points), max(part.points))::int, $1
       FROM points_ledger l
       JOIN orders o ON o.order_id = l.order_id JOIN games g ON g.game_id = o.game_id
       CROSS JOIN LATERAL (SELECT CASE WHEN $3::bigint IS NULL THEN 2147483647 ELSE ${EARNED_SQL('$3::bigint')} END AS points) part
      WHERE l.order_id = $1
      GROUP BY l.game_id, l.server_id, l.role_id HAVING sum(l.points) > 0 AND max(part.points) > 0
     ON CONFLICT (event_key) DO NOTHING`,
    [orderId, eventKey, partMinor],
  );
}

export interface PointsEntry {
  readonly id: string;
  readonly kind: 'purchase' | 'refund' | 'correction' | 'redeem';
  readonly points: number;
  readonly order_id: string | null;
  readonly reason: string;
  readonly actor: string;
  readonly created_at: Date;
}

/** A character's balance and its latest entries. */
export async function pointsOf(db: Queryable, character: Character, limit = 20): Promise<{ balance: number; entries: PointsEntry[] }> {
  const [total] = await db.query<{ balance: number }>(
    'SELECT coalesce(sum(points), 0)::int AS balance FROM points_ledger WHERE game_id = $1 AND server_id = $2 AND role_id = $3',
    [character.gameId, character.serverId, character.roleId],
  );
  const entries = await db.query<PointsEntry>(
    `SELECT id::text, kind, points, order_id, reason, actor, created_at FROM points_ledger
      WHERE game_id = $1 AND server_id = $2 AND role_id = $3 ORDER BY id DESC LIMIT $4`,
    [character.gameId, character.serverId, character.roleId, limit],
  );
  return { balance: total?.balance ?? 0, entries };
}

export interface Tier {
  readonly min_points: number;
  readonly names: LocalizedText;
}

/** The tier a balance reaches and the next one, by the game's thresholds. */
export function tierOf(rewards: GameRewards | null, balance: number): { tier: Tier | null; next: Tier | null } {
  const tiers = rewards?.tiers ?? [];
  const reached = tiers.filter((tier) => tier.min_points <= balance);
  return { tier: reached[reached.length - 1] ?? null, next: tiers.find((tier) => tier.min_points > balance) ?? null };
}

/**
 * The support desk corrects a character's points (a reason and who, always). Refused (null) when the
 * balance would go below zero. Under the character's points lock, so corrections and rewards of one
 * character run one after the other.
 */
export async function correctPoints(tx: Queryable, character: Character, points: number, reason: string, actor: string): Promise<{ balance: number } | null> {
  await lockPoints(tx, character);
  const balance = (await balanceOf(tx, character)) + points;
  if (balance < 0) return null;
  const [next] = await tx.query<{ n: string }>(`SELECT nextval(pg_get_serial_sequence('points_ledger', 'id'))::text AS n`);
  await tx.query(
    `INSERT INTO points_ledger (id, event_key, game_id, server_id, role_id, kind, points, reason, actor)
     VALUES ($1::bigint, 'correction:' || $1, $2, $3, $4, 'correction', $5, $6, $7)`,
    [next!.n, character.gameId, character.serverId, character.roleId, points, reason, actor],
  );
  return { balance };
}

/** Spending a character's points (a correction, a reward) waits for any other spending of them, in the caller's transaction. */
export async function lockPoints(tx: Queryable, character: Character): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext(current_schema()), hashtext($1))', [`points:${character.gameId}:${character.serverId}:${character.roleId}`]);
}

/** A character's balance. */
export async function balanceOf(db: Queryable, character: Character): Promise<number> {
  const [total] = await db.query<{ balance: number }>(
    'SELECT coalesce(sum(points), 0)::int AS balance FROM points_ledger WHERE game_id = $1 AND server_id = $2 AND role_id = $3',
    [character.gameId, character.serverId, character.roleId],
  );
  return total?.balance ?? 0;
}

/**
 * What the reconciliation lists of points: a delivered order that earned nothing though its game's rate
 * gives it points now, a refunded order that still holds points, an order whose points are below zero.
 */
export const POINTS_RECONCILIATION_SQL = `
WITH held AS (SELECT order_id, sum(points)::int AS points, bool_or(kind = 'purchase') AS earned FROM points_ledger WHERE order_id IS NOT NULL GROUP BY order_id)
SELECT o.order_id, o.status, coalesce(h.points, 0) AS points,
       CASE WHEN coalesce(h.points, 0) < 0 THEN 'order took back more points than it earned'
            WHEN o.status = 'refunded' THEN 'refunded order still holds points'
            WHEN h.earned IS NOT TRUE AND o.status = 'delivered' THEN 'delivered order earned no points'
            ELSE 'points of an order neither delivered nor refunded' END AS problem
  FROM orders o
  JOIN games g ON g.game_id = o.game_id
  LEFT JOIN held h ON h.order_id = o.order_id
 WHERE (o.status = 'refunded' AND coalesce(h.points, 0) > 0)
    OR coalesce(h.points, 0) < 0
    OR (o.status = 'delivered' AND h.earned IS NOT TRUE
        AND floor(o.amount_minor * coalesce((g.rewards -> 'points_per_1000_minor' ->> o.currency)::int, 0) / 1000) > 0)
    OR (o.status NOT IN ('delivered', 'refunded') AND coalesce(h.points, 0) <> 0)
 ORDER BY o.order_id`;

export interface PointsMismatch {
  readonly order_id: string;
  readonly status: string;
  readonly points: number;
  readonly problem: string;
}

export function reconcilePoints(db: Queryable): Promise<PointsMismatch[]> {
  return db.query<PointsMismatch>(POINTS_RECONCILIATION_SQL);
}
