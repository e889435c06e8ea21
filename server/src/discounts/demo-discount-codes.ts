import type { Queryable } from '../db/db';
import { upsertDiscountCodes } from './discount-codes';

export interface DemoDiscountCode {
  readonly code: string;
  readonly gameId: number | null;
  readonly productId: string | null;
  readonly percentOff: number;
  readonly validFrom: string;
  readonly validUntil: string | null;
  readonly usesPerRole: number;
  /** What the code shows, for docs/orders.md. */
  readonly shows: string;
}

/** The demo's discount codes, one per rule a code can have (docs/orders.md lists them). */
export const DEMO_DISCOUNT_CODES: readonly DemoDiscountCode[] = [
  { code: 'WELCOME10', gameId: null, productId: null, percentOff: 10, validFrom: '2020-01-01T00:00:00Z', validUntil: null, usesPerRole: 0, shows: 'valid: 10 % off any bundle of any game, any number of times' },
  { code: 'ONCE50', gameId: null, productId: null, percentOff: 50, validFrom: '2020-01-01T00:00:00Z', validUntil: null, usesPerRole: 1, shows: 'per-character: 50 % off, one order per character' },
  { code: 'SPRING2024', gameId: null, productId: null, percentOff: 20, validFrom: '2024-03-01T00:00:00Z', validUntil: '2024-06-01T00:00:00Z', usesPerRole: 0, shows: 'expired: 20 % off, ended on 1 June 2024' },
  { code: 'EMBER15', gameId: 18, productId: null, percentOff: 15, validFrom: '2020-01-01T00:00:00Z', validUntil: null, usesPerRole: 0, shows: 'one game: 15 % off Emberwing Frontier (game 18) only' },
  { code: 'FUTURE30', gameId: null, productId: null, percentOff: 30, validFrom: '2099-01-01T00:00:00Z', validUntil: null, usesPerRole: 0, shows: 'not yet valid: starts in 2099' },
];

/** Writes the demo codes (idempotent, like the rest of the demo). */
export async function seedDemoDiscountCodes(tx: Queryable, codes: readonly DemoDiscountCode[] = DEMO_DISCOUNT_CODES): Promise<void> {
  await upsertDiscountCodes(
    tx,
    codes.map((code) => ({
      code: code.code,
      gameId: code.gameId,
      productId: code.productId,
      percentOff: code.percentOff,
      validFrom: new Date(code.validFrom),
      validUntil: code.validUntil === null ? null : new Date(code.validUntil),
      usesPerRole: code.usesPerRole,
      active: true,
    })),
  );
}
