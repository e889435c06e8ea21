import type { Queryable } from './db';

export interface Column {
  readonly name: string;
  /** PostgreSQL type, e.g. `integer`, `text`, `jsonb`, `boolean`, `timestamptz`. */
  readonly type: string;
}

/**
 * Inserts rows in one statement; rows whose key already exists get the given values again,
 * so running it twice leaves the same data.
 */
export async function upsertRows(
  tx: Queryable,
  table: string,
  columns: readonly Column[],
  key: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((column) => column.name).join(', ');
  const recordType = columns.map((column) => `${column.name} ${column.type}`).join(', ');
  const updates = columns
    .filter((column) => !key.includes(column.name))
    .map((column) => `${column.name} = EXCLUDED.${column.name}`);
  const onConflict = updates.length
    ? `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${updates.join(', ')}`
    : `ON CONFLICT (${key.join(', ')}) DO NOTHING`;
  await tx.query(
    `INSERT INTO ${table} (${names})
     SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS incoming(${recordType})
     ${onConflict}`,
    [JSON.stringify(rows)],
  );
}
