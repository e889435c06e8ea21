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
  /**
   * Hears `NOTIFY channel` from every process on the same database (PostgreSQL only; absent on the
   * embedded database, which one process holds). `onNotify` gets each payload sent from this Db's own
   * schema; `onReconnect` runs after the listening connection was lost and is back (notifications may have
   * been missed). Resolves to a function that stops listening.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
