import type { Db, Queryable } from './db';

/**
 * A named lock's two keys: the schema and the name, so that stores sharing one PostgreSQL database
 * in schemas of their own (test runs) never wait for each other.
 */
const LOCK_KEYS = 'hashtext(current_schema()), hashtext($1)';

/** On PGlite (one process) the named locks live in this process: queues, and the names being worked. */
const queues = new WeakMap<Db, Map<string, Promise<unknown>>>();
const working = new WeakMap<Db, Set<string>>();

function inTurn<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  const named = queues.get(db) ?? new Map<string, Promise<unknown>>();
  queues.set(db, named);
  const run = (named.get(name) ?? Promise.resolve()).catch(() => undefined).then(work);
  named.set(name, run);
  return run;
}

/**
 * Runs `work` holding the named lock; every other holder waits. On PostgreSQL the lock is
 * `pg_advisory_xact_lock` on a transaction of its own, kept open until `work` is done: `work` uses
 * `db` itself, on other connections of the pool. On PGlite, calls of this process wait in turn.
 */
export function whileLocked<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  if (db.kind === 'pglite') return inTurn(db, name, work);
  return db.transaction(async (tx) => {
    // Waiting for another instance's work is not a runaway statement.
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query(`SELECT pg_advisory_xact_lock(${LOCK_KEYS})`, [name]);
    return work();
  });
}

/**
 * Runs `work` in a transaction that holds the named lock, or does nothing when another instance
 * holds it (`pg_try_advisory_xact_lock`: no waiting). Resolves to whether `work` ran. On PGlite
 * there is one process: `work` runs on `db` unless this process is at it already.
 */
export async function ifLockFree(db: Db, name: string, work: (tx: Queryable) => Promise<void>): Promise<boolean> {
  if (db.kind === 'pglite') {
    const names = working.get(db) ?? new Set<string>();
    working.set(db, names);
    if (names.has(name)) return false;
    names.add(name);
    try {
      await work(db);
      return true;
    } finally {
      names.delete(name);
    }
  }
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ held: boolean }>(`SELECT pg_try_advisory_xact_lock(${LOCK_KEYS}) AS held`, [name]);
    if (!lock?.held) return false;
    await work(tx);
    return true;
  });
}

/** A 64-bit advisory lock key, checked to be a decimal integer before it is written into SQL. */
export function lockKeyLiteral(key: string): string {
  if (!/^-?[0-9]{1,19}$/.test(key)) throw new Error(`not an advisory lock key: ${key}`);
  const value = BigInt(key);
  if (value < -(2n ** 63n) || value >= 2n ** 63n) throw new Error(`advisory lock key out of range: ${key}`);
  return value.toString();
}
