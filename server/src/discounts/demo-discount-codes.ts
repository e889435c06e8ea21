import type { Queryable } from '../db/db';
import { upsertRows } from '../seed/upsert-rows';

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
  await upsertRows(
    tx,
    'discount_codes',
    [
      { name: 'code', type: 'text' },
      { name: 'game_id', type: 'integer' },
      { name: 'product_id', type: 'text' },
      { name: 'percent_off', type: 'integer' },
      { name: 'valid_from', type: 'timestamptz' },
      { name: 'valid_until', type: 'timestamptz' },
      { name: 'uses_per_role', type: 'integer' },
      { name: 'active', type: 'boolean' },
    ],
    ['code'],
    codes.map((code) => ({
      code: code.code,
      game_id: code.gameId,
      product_id: code.productId,
      percent_off: code.percentOff,
      valid_from: code.validFrom,
      valid_until: code.validUntil,
      uses_per_role: code.usesPerRole,
      active: true,
    })),
  );
}
