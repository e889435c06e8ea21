import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

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
