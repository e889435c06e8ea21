import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';

/** The 64-bit advisory lock key of one character in one game. */
export function roleLockKey(gameId: number, roleId: string): string {
  return createHash('sha256').update(`topup-role:${gameId}:${roleId}`).digest().readBigInt64BE(0).toString();
}

/**
 * Serialises, until the transaction ends, everything that counts one character's orders: placing
 * an order (limits, discount uses) and taking its payment (first-buy bonus). Other characters are
 * not held up. PGlite runs one transaction at a time anyway; PostgreSQL needs the lock.
 */
export async function lockRole(tx: Queryable, gameId: number, roleId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [roleLockKey(gameId, roleId)]);
}

/**
 * Serialises the payments of orders that use one discount code limited for all characters together:
 * two characters' payments for its last use are counted one after the other. Taken after the
 * character's lock, never before it.
 */
export async function lockDiscountCode(tx: Queryable, code: string): Promise<void> {
  const key = createHash('sha256').update(`topup-code:${code}`).digest().readBigInt64BE(0).toString();
  await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [key]);
}
