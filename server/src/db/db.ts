/** Rows come back as plain objects; cast bigint and numeric columns to int or text in SQL. */
export type Row = Record<string, unknown>;

/** Something SQL can be run on: the database itself or one transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface ListenEvents {
  /** Each payload sent from this Db's own schema. */
  onNotify(payload: string): void;
  /** The listening connection was lost or could not connect; it tries again by itself (1 s, doubling to 10 s). */
  onLost?(error: unknown, retryInMs: number): void;
  /** Listening again after a loss: anything announced meanwhile was missed. */
  onBack?(): void;
}

export interface Listening {
  /** Whether the connection listens now. */
  readonly active: boolean;
  stop(): Promise<void>;
}

export interface TransactionOptions {
  /**
   * A 64-bit advisory lock key (decimal): the transaction holds `pg_advisory_xact_lock(key)` from its
   * start to its end, taken with BEGIN in one round trip. On PGlite, whose transactions run one at a
   * time in this process, there is nothing to take.
   */
  readonly lockKey?: string;
}

/**
 * The store's database. Two implementations run the same PostgreSQL 15 SQL:
 * PGlite (embedded, the default) and PostgreSQL through `pg` (when DATABASE_URL is set).
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Hears `NOTIFY channel` from every process on the same database (PostgreSQL only; absent on the
   * embedded database, which one process holds), on a connection of its own that connects again, for as
   * long as it listens, whenever it is lost. Resolves after the first try, listening or not yet.
   */
  listen?(channel: string, events: ListenEvents): Promise<Listening>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * What PostgreSQL's autovacuum does, for a database that has none (the embedded one, decision 129):
   * gives the space of deleted and updated rows back for reuse and refreshes the planner's statistics.
   * Absent on PostgreSQL, whose autovacuum does it.
   */
  upkeep?(): Promise<void>;
  close(): Promise<void>;
}
