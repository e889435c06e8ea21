import { createHmac, timingSafeEqual } from 'node:crypto';

/** The headers of a signed request or answer of the game-server contract (docs/game-integration.md). */
export const TIMESTAMP_HEADER = 'x-topup-timestamp';
export const SIGNATURE_HEADER = 'x-topup-signature';

/** How far a timestamp may be from the receiver's clock, either way. */
export const REPLAY_WINDOW_SECONDS = 300;

/** `sha256=` and the hex HMAC-SHA256, with the game's secret, of "<timestamp>.<raw body>". */
export function gameSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** The two headers for a body sent now. */
export function signedHeaders(secret: string, rawBody: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: gameSignature(secret, timestamp, rawBody) };
}

export type SignatureProblem = 'missing' | 'stale' | 'mismatch';

/** Why a request or answer's signature is not to be believed, or null when it is. */
export function signatureProblem(secret: string, timestamp: string | undefined, signature: string | undefined, rawBody: string, nowMs = Date.now()): SignatureProblem | null {
  if (!timestamp || !signature || !/^[0-9]{1,12}$/.test(timestamp)) return 'missing';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS) return 'stale';
  const expected = Buffer.from(gameSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? null : 'mismatch';
}
