import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './db';
import { lockKeyLiteral } from './advisory-lock';
import { lockDataDir, type DataDirLock, type DataDirLockOptions } from './data-dir-lock';
import { initDataDirApart } from './pglite-init';

/**
 * PostgreSQL's default 128 MB of shared buffers would live in PGlite's memory; the store's
 * working set is small and the catalogue is held in the server's own memory anyway.
 */
const SETTINGS = ['shared_buffers=32MB'];

function queryableOf(target: PGlite | Transaction): Queryable {
  return {
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  };
}

/** The embedded engine behind each Db this module opened, for `dumpPgliteDb`. */
const engines = new WeakMap<Db, PGlite>();

function dbOf(pg: PGlite, lock: DataDirLock | null): Db {
  const direct = queryableOf(pg);
  const db: Db = {
    kind: 'pglite',
    query: direct.query,
    // Its transactions run one at a time in this process: a lock key is checked, and there is nothing to take.
    transaction: async (work, options = {}) => {
      if (options.lockKey !== undefined) lockKeyLiteral(options.lockKey);
      return pg.transaction((tx) => work(queryableOf(tx)));
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    // PGlite runs PostgreSQL in single-user mode, where autovacuum never runs: without this, every row
    // deleted or updated (an outbox job done, an order's status) keeps its space for good (decision 129).
    async upkeep() {
      await pg.exec('VACUUM (ANALYZE)');
    },
    async close() {
      try {
        if (!pg.closed) await pg.close();
      } finally {
        lock?.release();
      }
    },
  };
  engines.set(db, pg);
  return db;
}

/**
 * Embedded PostgreSQL. With a directory, the data persists there and the directory is locked
 * to this process (`lockOptions`: how strictly); without one, the database lives in memory (tests).
 */
export async function openPgliteDb(dataDir?: string, lockOptions: DataDirLockOptions = {}): Promise<Db> {
  const lock: DataDirLock | null = dataDir ? lockDataDir(dataDir, lockOptions) : null;
  let pg: PGlite;
  try {
    if (dataDir) initDataDirApart(dataDir);
    pg = await PGlite.create(dataDir ? { dataDir, postgresqlconf: SETTINGS } : { postgresqlconf: SETTINGS });
  } catch (error) {
    lock?.release();
    throw error;
  }
  return dbOf(pg, lock);
}

/**
 * An in-memory database that starts as a copy of another's whole data directory (`dumpPgliteDb`),
 * without PostgreSQL's initdb: the tests' fresh databases, each from one migrated template.
 */
export async function openPgliteDbFrom(dump: Blob): Promise<Db> {
  return dbOf(await PGlite.create({ loadDataDir: dump, postgresqlconf: SETTINGS }), null);
}

/** The whole data directory of an embedded database this module opened, as an uncompressed tar. */
export async function dumpPgliteDb(db: Db): Promise<Blob> {
  const pg = engines.get(db);
  if (!pg) throw new Error('not an embedded database opened by openPgliteDb');
  return pg.dumpDataDir('none');
}
