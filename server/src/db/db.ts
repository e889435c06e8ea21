/** Rows come back as plain objects; cast bigint and numeric columns to int or text in SQL. */
export type Row = Record<string, unknown>;

/** Something SQL can be run on: the database itself or one transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * The store's database. Two implementations run the same PostgreSQL 15 SQL:
 * PGlite (embedded, the default) and PostgreSQL through `pg` (when DATABASE_URL is set).
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
