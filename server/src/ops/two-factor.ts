import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { encode } from 'uqr';
import type { Queryable } from '../db/db';
import { clearTotp, takeTotpStep } from './operators';
import type { TotpSecretBox } from './totp-secret-box';
import type { OperatorRole } from './roles';

/** The roles that must have a second factor when OPS_REQUIRE_2FA is on: they refund money and ship code. */
export const ROLES_NEEDING_2FA: readonly OperatorRole[] = ['admin', 'release_manager'];

export function needsSecondFactor(role: OperatorRole | 'service', required: boolean): boolean {
  return required && role !== 'service' && ROLES_NEEDING_2FA.includes(role);
}

const ISSUER = 'TopUp Store back office';
export const RECOVERY_CODE_COUNT = 10;

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** A new secret (160 bits, as RFC 4226 recommends), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the enrolment page shows: the otpauth:// address, and its QR code as rows of dark (1) and light (0) modules. */
export async function enrolmentPicture(secret: string, email: string): Promise<{ uri: string; qr: string[] }> {
  const uri = totpOf(secret, email).toString();
  const code = encode(uri, { ecc: 'M', border: 0 });
  return { uri, qr: code.data.map((row) => row.map((dark) => (dark ? '1' : '0')).join('')) };
}

/** The 30-second step a right code belongs to (one step either side of `now` is accepted), or null. */
export function totpStep(secret: string, email: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret, email);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/** The code of `secret` at `now` (the tests' authenticator). */
export function totpCode(secret: string, email: string, now: Date): string {
  return totpOf(secret, email).generate({ timestamp: now.getTime() });
}

/**
 * Accepts a right code once: the step is recorded and a code of that step or an older one is
 * refused afterwards (a replayed code). True when accepted.
 */
export async function acceptTotp(db: Queryable, box: TotpSecretBox, operatorId: number, email: string, code: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ totp_secret: string | null }>('SELECT totp_secret FROM operators WHERE id = $1', [operatorId]);
  const stored = rows[0]?.totp_secret;
  // Sealed under another OPS_SECRET_KEY (or altered): no code is right; an admin clears the factor.
  const secret = stored ? box.open(operatorId, stored) : null;
  if (!secret) return false;
  const step = totpStep(secret, email, code.trim(), now);
  if (step === null) return false;
  return takeTotpStep(db, operatorId, step);
}

function recoveryHash(code: string): string {
  return createHash('sha256').update(code.replace(/[^0-9a-z]/gi, '').toLowerCase()).digest('hex');
}

/** Ten new recovery codes (xxxxx-xxxxx, 50 random bits each): the old ones stop working. Returns the codes, shown once. */
export async function newRecoveryCodes(tx: Queryable, operatorId: number): Promise<string[]> {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (byte) => alphabet[byte % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await tx.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [operatorId]);
  for (const code of codes) await tx.query('INSERT INTO operator_recovery_codes (operator_id, code_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING', [operatorId, recoveryHash(code)]);
  return codes;
}

/** Uses a recovery code (once); true when it was one of the operator's unused codes. */
export async function useRecoveryCode(db: Queryable, operatorId: number, code: string): Promise<boolean> {
  if (code.length > 40) return false;
  const rows = await db.query(
    'UPDATE operator_recovery_codes SET used_at = now() WHERE operator_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING operator_id',
    [operatorId, recoveryHash(code)],
  );
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Queryable, operatorId: number): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_recovery_codes WHERE operator_id = $1 AND used_at IS NULL', [operatorId]);
  return rows[0]?.n ?? 0;
}

/** Turns the second factor off (and its recovery codes). */
export async function removeTotp(tx: Queryable, operatorId: number): Promise<void> {
  await clearTotp(tx, operatorId);
  await tx.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [operatorId]);
}
