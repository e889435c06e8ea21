import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db';

/**
 * The key that signs what the store hands to browsers about releases: each page load's health token
 * and operators' preview links. `RELEASE_SIGNING_KEY` (at least 32 characters, checked by the settings
 * schema) when set; otherwise one drawn once and kept in the database (table `release_signing_key`),
 * so every instance on it agrees. A secret: never logged, never sent to a browser, never shown in the
 * release console.
 *
 * The database's key, drawn by the first instance that needs it.
 */
export async function storedSigningKey(db: Queryable): Promise<string> {
  await db.query('INSERT INTO release_signing_key (id, secret) VALUES (true, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32).toString('base64url')]);
  const [row] = await db.query<{ secret: string }>('SELECT secret FROM release_signing_key WHERE id');
  if (!row) throw new Error('the release signing key could not be stored');
  return row.secret;
}

/** Signs and checks short texts with one key (HMAC-SHA-256, base64url). */
export class Signer {
  constructor(private readonly key: string) {}

  sign(purpose: string, text: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${text}`).digest('base64url');
  }

  verify(purpose: string, text: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(purpose, text));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** One signer per process, its key read once (from the setting or the database). */
export function signerOf(db: Queryable, configured: string | null): () => Promise<Signer> {
  let signer: Promise<Signer> | null = null;
  return () => {
    signer ??= (configured ? Promise.resolve(configured) : storedSigningKey(db)).then((key) => new Signer(key)).catch((error: unknown) => {
      signer = null;
      throw error;
    });
    return signer;
  };
}
