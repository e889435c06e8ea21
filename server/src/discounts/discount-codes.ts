import type { Queryable } from '../db/db';
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
