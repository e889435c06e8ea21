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
  /** The password was right; a TOTP or recovery code is still owed before the session can do anything. */
  readonly secondFactorPending: boolean;
  /** The operator has a TOTP second factor. */
  readonly totpEnabled: boolean;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session; returns the token for the cookie (only its hash is stored). */
export async function startSession(db: Queryable, operatorId: number, settings: SessionSettings, address: string, userAgent: string, secondFactorPending = false): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO operator_sessions (token_hash, operator_id, expires_at, address, user_agent, second_factor_pending)
     VALUES ($1, $2, now() + $3 * interval '1 millisecond', $4, $5, $6)`,
    [hashOf(token), operatorId, settings.absoluteMs, address.slice(0, 100), userAgent.slice(0, 300), secondFactorPending],
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
  const rows = await db.query<{ operator_id: number; email: string; role: string; stale: boolean; second_factor_pending: boolean; totp_enabled: boolean }>(
    `SELECT o.id AS operator_id, o.email, o.role, s.last_seen_at < now() - interval '30 seconds' AS stale,
            s.second_factor_pending, o.totp_secret IS NOT NULL AS totp_enabled
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND o.disabled_at IS NULL
        AND s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 millisecond'`,
    [tokenHash, settings.idleMs],
  );
  if (rows[0]?.stale) await db.query('UPDATE operator_sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
  const row = rows[0];
  if (!row || !isOperatorRole(row.role)) return null;
  return { operatorId: row.operator_id, email: row.email, role: row.role, tokenHash, secondFactorPending: row.second_factor_pending, totpEnabled: row.totp_enabled };
}

/** The cookie that shows a signed-in operator's browser the catalogue's draft on the player's pages (sent to /api only). */
export const PREVIEW_COOKIE = 'topup_catalogue_preview';

/** The value of the draft-preview cookie of a session (its token's hash, hashed again): it never carries the session's token. */
export function previewTokenOf(tokenHash: string): string {
  return createHash('sha256').update(`catalogue-preview:${tokenHash}`).digest('hex');
}

/**
 * Whether a draft-preview cookie belongs to a live, fully signed-in operator's session (not revoked, not
 * idle too long, not past its end, second factor given, operator not disabled). Read only: a preview does
 * not keep a session alive.
 */
export async function isPreviewSession(db: Queryable, previewToken: string, settings: SessionSettings): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(previewToken)) return false;
  const rows = await db.query(
    `SELECT 1 FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
      WHERE encode(sha256(convert_to('catalogue-preview:' || s.token_hash, 'UTF8')), 'hex') = $1
        AND s.revoked_at IS NULL AND o.disabled_at IS NULL AND NOT s.second_factor_pending
        AND s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 millisecond'`,
    [previewToken, settings.idleMs],
  );
  return rows.length > 0;
}

/** The second factor was given: the session may now act. */
export async function completeSecondFactor(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE operator_sessions SET second_factor_pending = false WHERE token_hash = $1', [tokenHash]);
}

export interface OwnSession {
  readonly id: number;
  readonly created_at: string;
  readonly last_seen_at: string;
  readonly address: string;
  readonly user_agent: string;
  readonly current: boolean;
}

/** An operator's live sessions, the newest used first; `current` marks the one asking. */
export async function sessionsOf(db: Queryable, operatorId: number, currentHash: string | null, settings: SessionSettings): Promise<OwnSession[]> {
  return db.query<OwnSession>(
    `SELECT id::int, created_at::text, last_seen_at::text, address, user_agent, token_hash = $2 AS current
       FROM operator_sessions
      WHERE operator_id = $1 AND revoked_at IS NULL AND expires_at > now() AND last_seen_at > now() - $3 * interval '1 millisecond'
      ORDER BY last_seen_at DESC, id DESC LIMIT 100`,
    [operatorId, currentHash ?? '', settings.idleMs],
  );
}

/** Ends one of an operator's own sessions; false when it is not theirs or already ended. */
export async function endOwnSession(tx: Queryable, operatorId: number, id: number): Promise<boolean> {
  const rows = await tx.query('UPDATE operator_sessions SET revoked_at = now() WHERE id = $1 AND operator_id = $2 AND revoked_at IS NULL RETURNING id', [id, operatorId]);
  return rows.length === 1;
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
  /** Refused sign-ins for one e-mail address from one client address before that pair is locked. */
  readonly maxFailures: number;
  /** Failures older than this are forgotten. */
  readonly windowMs: number;
  /** How long a pair's first lock lasts; each further lock of the same pair lasts twice as long as the one before. */
  readonly lockMs: number;
  /** The longest lock. */
  readonly maxLockMs: number;
}

export const DEFAULT_LOCKOUT: LockoutSettings = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 60_000, maxLockMs: 60 * 60_000 };

/** Who tried: the e-mail address typed and the client address it came from (locks are per pair). */
export interface SignInAttempt {
  readonly email: string;
  readonly address: string;
}

/** A lock that has just begun: until when, and which lock of the pair it is (1, 2, ...). */
export interface SignInLock {
  readonly until: Date;
  readonly lock: number;
  readonly failures: number;
}

/** Until when a pair is locked, or null. */
export async function lockedUntil(db: Queryable, attempt: SignInAttempt): Promise<Date | null> {
  const rows = await db.query<{ locked_until: Date }>(
    'SELECT locked_until FROM operator_sign_in_failures WHERE email = $1 AND address = $2 AND locked_until > now()',
    [attempt.email, attempt.address.slice(0, 100)],
  );
  return rows[0]?.locked_until ?? null;
}

/**
 * Counts one refused sign-in of a pair; returns the lock when this one locks it. A lock ends the
 * count: the pair's next failures count afresh towards a lock twice as long.
 */
export async function recordSignInFailure(db: Queryable, attempt: SignInAttempt, settings: LockoutSettings): Promise<SignInLock | null> {
  const key = [attempt.email, attempt.address.slice(0, 100)];
  const rows = await db.query<{ failures: number; locks: number }>(
    `INSERT INTO operator_sign_in_failures AS f (email, address, failures) VALUES ($1, $2, 1)
     ON CONFLICT (email, address) DO UPDATE SET
       failures = CASE WHEN f.first_failure_at < now() - $3 * interval '1 millisecond' OR f.locked_until <= now() THEN 1 ELSE f.failures + 1 END,
       first_failure_at = CASE WHEN f.first_failure_at < now() - $3 * interval '1 millisecond' OR f.locked_until <= now() THEN now() ELSE f.first_failure_at END,
       locked_until = CASE WHEN f.locked_until <= now() THEN NULL ELSE f.locked_until END
     RETURNING failures, locks`,
    [...key, settings.windowMs],
  );
  const row = rows[0];
  if (!row || row.failures < settings.maxFailures) return null;
  const lockMs = Math.min(settings.maxLockMs, settings.lockMs * 2 ** Math.min(row.locks, 30));
  const locked = await db.query<{ locked_until: Date; locks: number }>(
    `UPDATE operator_sign_in_failures SET locked_until = now() + $3 * interval '1 millisecond', locks = locks + 1
      WHERE email = $1 AND address = $2 RETURNING locked_until, locks`,
    [...key, lockMs],
  );
  const lock = locked[0];
  return lock ? { until: lock.locked_until, lock: lock.locks, failures: row.failures } : null;
}

/** A pair signed in: its count and its growing locks start over. */
export async function clearSignInFailures(db: Queryable, attempt: SignInAttempt): Promise<void> {
  await db.query('DELETE FROM operator_sign_in_failures WHERE email = $1 AND address = $2', [attempt.email, attempt.address.slice(0, 100)]);
}

/** Ends every open session of an operator but the one whose token hash is given; how many ended. */
export async function endOtherSessionsOf(tx: Queryable, operatorId: number, keptHash: string): Promise<number> {
  const rows = await tx.query('UPDATE operator_sessions SET revoked_at = now() WHERE operator_id = $1 AND revoked_at IS NULL AND token_hash <> $2 RETURNING id', [operatorId, keptHash]);
  return rows.length;
}
