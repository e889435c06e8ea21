import type { OpsOperator } from '@topup/shared/types';
import type { Queryable } from '../db/db';
import type { OperatorRole } from './roles';
import { TotpSecretBox } from './totp-secret-box';

export type OperatorRecord = OpsOperator & { readonly role: OperatorRole };

const COLUMNS = `o.id, o.email, o.role, o.created_at::text, o.created_by, o.disabled_at::text, o.totp_secret IS NOT NULL AS two_factor,
  (SELECT max(s.last_seen_at)::text FROM operator_sessions s WHERE s.operator_id = o.id) AS last_seen_at`;

/** E-mail addresses are kept and compared in lower case, without surrounding spaces. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function listOperators(db: Queryable): Promise<OperatorRecord[]> {
  return db.query<OperatorRecord>(`SELECT ${COLUMNS} FROM operators o ORDER BY o.email`);
}

export async function findOperator(db: Queryable, id: number): Promise<OperatorRecord | null> {
  const rows = await db.query<OperatorRecord>(`SELECT ${COLUMNS} FROM operators o WHERE o.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The stored hash of an address's operator (disabled ones too: the caller refuses them), or null. */
export async function credentialsOf(
  db: Queryable,
  email: string,
): Promise<{ id: number; password_hash: string; role: OperatorRole; disabled: boolean; totp_enabled: boolean; language: string } | null> {
  const rows = await db.query<{ id: number; password_hash: string; role: OperatorRole; disabled: boolean; totp_enabled: boolean; language: string }>(
    'SELECT id, password_hash, role, disabled_at IS NOT NULL AS disabled, totp_secret IS NOT NULL AS totp_enabled, language FROM operators WHERE email = $1',
    [normalEmail(email)],
  );
  return rows[0] ?? null;
}

/** Adds an operator; null when the address is taken. */
export async function insertOperator(
  tx: Queryable,
  operator: { email: string; passwordHash: string; role: OperatorRole; createdBy: string },
): Promise<OperatorRecord | null> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO operators (email, password_hash, role, created_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [normalEmail(operator.email), operator.passwordHash, operator.role, operator.createdBy],
  );
  return rows[0] ? findOperator(tx, rows[0].id) : null;
}

export async function setOperatorRole(tx: Queryable, id: number, role: OperatorRole): Promise<void> {
  await tx.query('UPDATE operators SET role = $2 WHERE id = $1', [id, role]);
}

export async function setOperatorDisabled(tx: Queryable, id: number, disabled: boolean): Promise<void> {
  await tx.query(`UPDATE operators SET disabled_at = CASE WHEN $2 THEN coalesce(disabled_at, now()) ELSE NULL END WHERE id = $1`, [id, disabled]);
}

export async function setOperatorPassword(tx: Queryable, id: number, passwordHash: string): Promise<void> {
  await tx.query('UPDATE operators SET password_hash = $2, password_changed_at = now() WHERE id = $1', [id, passwordHash]);
}

/**
 * Holds the operators' table against every other change of roles or accounts until the transaction
 * ends (sign-ins and reads go on): the checks of a change (the last admin) then see every change before it.
 */
export async function lockOperators(tx: Queryable): Promise<void> {
  await tx.query('LOCK TABLE operators IN SHARE ROW EXCLUSIVE MODE');
}

/** Admins who can still sign in: the last one may not be disabled or demoted. */
export async function activeAdminCount(tx: Queryable): Promise<number> {
  const rows = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM operators WHERE role = 'admin' AND disabled_at IS NULL`);
  return rows[0]?.n ?? 0;
}

/** Records a second-factor code's time step as used, if it is newer than the last one: true when it was (a replay is refused). */
export async function takeTotpStep(db: Queryable, id: number, step: number): Promise<boolean> {
  const taken = await db.query('UPDATE operators SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2 RETURNING id', [id, step]);
  return taken.length === 1;
}

/** Keeps a second factor's secret (sealed: ops/totp-secret-box.ts) while its set-up waits for a first code; false when one is already on. */
export async function setPendingTotp(db: Queryable, id: number, sealedSecret: string): Promise<boolean> {
  const rows = await db.query('UPDATE operators SET totp_pending_secret = $2 WHERE id = $1 AND totp_secret IS NULL RETURNING id', [id, sealedSecret]);
  return rows.length === 1;
}

/** The second factor's secrets of an operator, its row locked until the transaction ends. */
export async function lockTotpOf(tx: Queryable, id: number): Promise<{ totp_pending_secret: string | null; totp_secret: string | null } | null> {
  const rows = await tx.query<{ totp_pending_secret: string | null; totp_secret: string | null }>('SELECT totp_pending_secret, totp_secret FROM operators WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

/** Turns the pending secret into the operator's second factor, its first code's step used. */
export async function enrolTotp(tx: Queryable, id: number, step: number): Promise<void> {
  await tx.query(
    `UPDATE operators SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enrolled_at = now(), totp_last_step = $2 WHERE id = $1`,
    [id, step],
  );
}

/** Forgets the operator's second factor (its recovery codes are the caller's). */
export async function clearTotp(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE operators SET totp_secret = NULL, totp_pending_secret = NULL, totp_enrolled_at = NULL WHERE id = $1', [id]);
}

/** Remembers the language the operator last used in the console (their mails are written in it); true when it changed. */
export async function setOperatorLanguage(db: Queryable, id: number, language: string): Promise<boolean> {
  const rows = await db.query('UPDATE operators SET language = $2 WHERE id = $1 AND language <> $2 RETURNING id', [id, language]);
  return rows.length === 1;
}

/**
 * Seals the secrets still stored in the clear (enrolled before this store sealed them): at start, by
 * every instance alike. Each row is replaced only if it still holds the clear value read, so two
 * instances starting together, or an operator enrolling meanwhile, lose nothing. Answers how many.
 */
export async function sealClearTotpSecrets(db: Queryable, box: TotpSecretBox): Promise<number> {
  const rows = await db.query<{ id: number; totp_secret: string | null; totp_pending_secret: string | null }>(
    `SELECT id, totp_secret, totp_pending_secret FROM operators
      WHERE (totp_secret IS NOT NULL AND totp_secret NOT LIKE 'v1.%') OR (totp_pending_secret IS NOT NULL AND totp_pending_secret NOT LIKE 'v1.%')`,
  );
  let sealed = 0;
  for (const row of rows) {
    const seal = (value: string | null) => (value === null || TotpSecretBox.isSealed(value) ? value : box.seal(row.id, value));
    const done = await db.query(
      `UPDATE operators SET totp_secret = $4, totp_pending_secret = $5
        WHERE id = $1 AND totp_secret IS NOT DISTINCT FROM $2 AND totp_pending_secret IS NOT DISTINCT FROM $3 RETURNING id`,
      [row.id, row.totp_secret, row.totp_pending_secret, seal(row.totp_secret), seal(row.totp_pending_secret)],
    );
    sealed += done.length;
  }
  return sealed;
}
