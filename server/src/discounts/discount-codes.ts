import type { Queryable } from '../db/db';
import { upsertRows } from '../db/upsert-rows';
import type { DiscountCode } from './discount-rules';

interface CodeRow {
  code: string;
  game_id: number | null;
  product_id: string | null;
  percent_off: number;
  valid_from: Date;
  valid_until: Date | null;
  uses_per_role: number;
  active: boolean;
}

export const DISCOUNT_CODE_COLUMNS = 'code, game_id, product_id, percent_off, valid_from, valid_until, uses_per_role, active';

export function toDiscountCode(row: CodeRow): DiscountCode {
  return {
    code: row.code,
    gameId: row.game_id,
    productId: row.product_id,
    percentOff: row.percent_off,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    usesPerRole: row.uses_per_role,
    active: row.active,
  };
}

/** The code (already normalised), or null when the store has none by that name. */
export async function findDiscountCode(db: Queryable, code: string): Promise<DiscountCode | null> {
  const rows = await db.query<CodeRow>(`SELECT ${DISCOUNT_CODE_COLUMNS} FROM discount_codes WHERE code = $1`, [code]);
  return rows[0] ? toDiscountCode(rows[0]) : null;
}

/** Which of these codes (already normalised) are active in the store. */
export async function activeCodesAmong(db: Queryable, codes: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ code: string }>('SELECT code FROM discount_codes WHERE active AND code = ANY($1::text[]) ORDER BY code', [codes]);
  return rows.map((row) => row.code);
}

/** Writes codes; one already there (same code) gets these values again. */
export async function upsertDiscountCodes(tx: Queryable, codes: readonly DiscountCode[]): Promise<void> {
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
      active: code.active,
    })),
  );
}
