import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<hex>`: HMAC-SHA256 of the raw body with the shared secret. */
export function signWebhook(rawBody: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

/** Compares in constant time, over the exact bytes received. */
export function verifyWebhookSignature(rawBody: string, signature: string | string[] | undefined, secret: string): boolean {
  if (typeof signature !== 'string') return false;
  const expected = Buffer.from(signWebhook(rawBody, secret));
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
