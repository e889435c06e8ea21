import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';

/** How a sealed secret starts: `v1.<iv>.<tag>.<ciphertext>` in base64url. A clear one is base32 (A–Z, 2–7): never a dot. */
const SEALED = 'v1.';

/**
 * The operators' TOTP secrets at rest (decision 297): AES-256-GCM under a key derived (HKDF-SHA256)
 * from `OPS_SECRET_KEY`, a run-time setting. The operator's id is the additional data, so a sealed
 * secret copied onto another operator's row does not open. Whoever copies the database without the
 * key has no second factor.
 */
export class TotpSecretBox {
  private readonly key: Buffer;

  constructor(keyText: string) {
    this.key = Buffer.from(hkdfSync('sha256', keyText, 'topup-store', 'operators.totp_secret', 32));
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(SEALED);
  }

  seal(operatorId: number, secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`operator:${operatorId}`));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${SEALED}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /**
   * The secret of a stored value: a sealed one opened, a clear one (written by the store before decision 297 and
   * not yet sealed) as it is. Null when it does not open: sealed under another key, or altered.
   */
  open(operatorId: number, stored: string): string | null {
    if (!TotpSecretBox.isSealed(stored)) return stored;
    const [iv, tag, sealed] = stored.slice(SEALED.length).split('.');
    if (!iv || !tag || sealed === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(`operator:${operatorId}`));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
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
