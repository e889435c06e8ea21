import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's default algorithm) with OWASP's first recommended setting: 19 MiB, 2 passes. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Checked when nobody has the e-mail address typed, so that an unknown address takes as long to refuse.
let decoy: Promise<string> | null = null;

/** True when `password` is the one `stored` was made from; a missing account costs the same time. */
export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    decoy ??= hashPassword('not-anyone-s-password');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** Why a new password is refused, or null when it will do. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `A password needs at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `A password has at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}
