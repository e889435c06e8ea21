import type { Queryable } from '../db/db';
import { upsertRows } from '../db/upsert-rows';
import { isoTimeSql } from '../db/iso-time-sql';
import type { DiscountCode } from './discount-rules';

/**
 * A discount code as the catalogue file writes it (its `discount_codes` list, docs/catalogue.md):
 * times in ISO 8601 (exported in UTC, `2024-06-01T00:00:00.000Z`), exactly one of `percent_off` and
 * `amount_off`.
 */
export type DiscountCodeRecord = {
  code: string;
  game_ids: number[];
  product_ids: string[];
  percent_off: number | null;
  amount_off: Record<string, number> | null;
  valid_from: string;
  valid_until: string | null;
  uses_per_role: number;
  uses_per_code: number;
  active: boolean;
};

interface CodeRow {
  code: string;
  game_ids: number[];
  product_ids: string[];
  percent_off: number | null;
  amount_off: Record<string, number> | null;
  valid_from: Date;
  valid_until: Date | null;
  uses_per_role: number;
  uses_per_code: number;
  active: boolean;
}

const COLUMNS = 'code, game_ids, product_ids, percent_off, amount_off, valid_from, valid_until, uses_per_role, uses_per_code, active';

function toDiscountCode(row: CodeRow): DiscountCode {
  return {
    code: row.code,
    gameIds: row.game_ids,
    productIds: row.product_ids,
    percentOff: row.percent_off,
    amountOff: row.amount_off,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    usesPerRole: row.uses_per_role,
    usesPerCode: row.uses_per_code,
    active: row.active,
  };
}

/** The code (already normalised), or null when the store has none by that name. */
export async function findDiscountCode(db: Queryable, code: string): Promise<DiscountCode | null> {
  const rows = await db.query<CodeRow>(`SELECT ${COLUMNS} FROM discount_codes WHERE code = $1`, [code]);
  return rows[0] ? toDiscountCode(rows[0]) : null;
}

/** Which of these codes (already normalised) are active in the store. */
export async function activeCodesAmong(db: Queryable, codes: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ code: string }>('SELECT code FROM discount_codes WHERE active AND code = ANY($1::text[]) ORDER BY code', [codes]);
  return rows.map((row) => row.code);
}

/** Every code as the catalogue file lists them, by code. */
export async function readDiscountCodeRecords(db: Queryable): Promise<DiscountCodeRecord[]> {
  return db.query<DiscountCodeRecord>(
    `SELECT code, game_ids, product_ids, percent_off, amount_off, ${isoTimeSql('valid_from')} AS valid_from,
            ${isoTimeSql('valid_until')} AS valid_until, uses_per_role, uses_per_code, active
       FROM discount_codes ORDER BY code COLLATE "C"`,
  );
}

/** Writes codes; one already there (same code) gets these values again. Import never removes a code: it is retired with active false. */
export async function upsertDiscountCodes(tx: Queryable, codes: readonly DiscountCodeRecord[]): Promise<void> {
  await upsertRows(
    tx,
    'discount_codes',
    [
      { name: 'code', type: 'text' },
      { name: 'game_ids', type: 'jsonb' },
      { name: 'product_ids', type: 'jsonb' },
      { name: 'percent_off', type: 'integer' },
      { name: 'amount_off', type: 'jsonb' },
      { name: 'valid_from', type: 'timestamptz' },
      { name: 'valid_until', type: 'timestamptz' },
      { name: 'uses_per_role', type: 'integer' },
      { name: 'uses_per_code', type: 'integer' },
      { name: 'active', type: 'boolean' },
    ],
    ['code'],
    codes,
  );
}
