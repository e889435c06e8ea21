import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new order id, e.g. `TP2601214K7QX9D2MBZ8`: the day it was placed (yymmdd, UTC) and 14 random
 * characters (70 bits), so ids cannot be guessed and read aloud to customer service without doubt.
 */
export function newOrderId(now: Date = new Date()): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const bytes = randomBytes(14);
  let random = '';
  for (const byte of bytes) random += ALPHABET[byte % 32];
  return `TP${day}${random}`;
}
