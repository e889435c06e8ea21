import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { isOperatorRole, type OperatorRole } from './roles';

export interface SessionSettings {
  /** A session nobody used for this long ends. */
  readonly idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  readonly absoluteMs: number;
}

export const DEFAULT_SESSION_SETTINGS: SessionSettings = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };

export interface SignedInOperator {
  readonly operatorId: number;
  readonly email: string;
  readonly role: OperatorRole;
  readonly tokenHash: string;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session; returns the token for the cookie (only its hash is stored). */
export async function startSession(db: Queryable, operatorId: number, settings: SessionSettings, address: string, userAgent: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO operator_sessions (token_hash, operator_id, expires_at, address, user_agent)
     VALUES ($1, $2, now() + $3 * interval '1 millisecond', $4, $5)`,
    [hashOf(token), operatorId, settings.absoluteMs, address.slice(0, 100), userAgent.slice(0, 300)],
  );
  return token;
}

/**
 * The operator a cookie's token signs in, or null when the session is unknown, revoked, idle too
 * long, past its absolute end or its operator disabled. A live session's idle clock restarts (at most
 * once every 30 seconds, to spare the database a write per request).
 */
export async function resumeSession(db: Queryable, token: string, settings: SessionSettings): Promise<SignedInOperator | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashOf(token);
  const rows = await db.query<{ operator_id: number; email: string; role: string; stale: boolean }>(
    `SELECT o.id AS operator_id, o.email, o.role, s.last_seen_at < now() - interval '30 seconds' AS stale
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND o.disabled_at IS NULL
        AND s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 millisecond'`,
    [tokenHash, settings.idleMs],
  );
  if (rows[0]?.stale) await db.query('UPDATE operator_sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
  const row = rows[0];
  if (!row || !isOperatorRole(row.role)) return null;
  return { operatorId: row.operator_id, email: row.email, role: row.role, tokenHash };
}

export async function endSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE operator_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
}

/** Signs an operator out of every browser (sign-out everywhere, a disabled account, a new password). */
export async function endSessionsOf(tx: Queryable, operatorId: number): Promise<number> {
  const rows = await tx.query('UPDATE operator_sessions SET revoked_at = now() WHERE operator_id = $1 AND revoked_at IS NULL RETURNING token_hash', [operatorId]);
  return rows.length;
}

export interface LockoutSettings {
  /** Refused sign-ins for one e-mail address before it is locked. */
  readonly maxFailures: number;
  /** Failures older than this are forgotten. */
  readonly windowMs: number;
  /** How long a locked address stays locked. */
  readonly lockMs: number;
}

export const DEFAULT_LOCKOUT: LockoutSettings = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** Until when an address is locked, or null. */
export async function lockedUntil(db: Queryable, email: string): Promise<Date | null> {
  const rows = await db.query<{ locked_until: Date }>('SELECT locked_until FROM operator_sign_in_failures WHERE email = $1 AND locked_until > now()', [email]);
  return rows[0]?.locked_until ?? null;
}

/** Counts one refused sign-in; returns the lock's end when this one locks the address. */
export async function recordSignInFailure(db: Queryable, email: string, settings: LockoutSettings): Promise<Date | null> {
  const rows = await db.query<{ locked_until: Date | null }>(
    `INSERT INTO operator_sign_in_failures AS f (email, failures) VALUES ($1, 1)
     ON CONFLICT (email) DO UPDATE SET
       failures = CASE WHEN f.first_failure_at < now() - $2 * interval '1 millisecond' OR f.locked_until <= now() THEN 1 ELSE f.failures + 1 END,
       first_failure_at = CASE WHEN f.first_failure_at < now() - $2 * interval '1 millisecond' OR f.locked_until <= now() THEN now() ELSE f.first_failure_at END,
       locked_until = CASE WHEN f.locked_until <= now() THEN NULL ELSE f.locked_until END
     RETURNING failures, locked_until`,
    [email, settings.windowMs],
  );
  const failures = (rows[0] as unknown as { failures: number } | undefined)?.failures ?? 0;
  if (failures < settings.maxFailures) return null;
  const locked = await db.query<{ locked_until: Date }>(
    `UPDATE operator_sign_in_failures SET locked_until = now() + $2 * interval '1 millisecond' WHERE email = $1 RETURNING locked_until`,
    [email, settings.lockMs],
  );
  return locked[0]?.locked_until ?? null;
}

export async function clearSignInFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM operator_sign_in_failures WHERE email = $1', [email]);
}
