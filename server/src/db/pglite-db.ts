import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './db';
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
  const direct = queryableOf(pg);
  return {
    kind: 'pglite',
    query: direct.query,
    transaction: (work) => pg.transaction((tx) => work(queryableOf(tx))),
    async exec(sql) {
      await pg.exec(sql);
    },
    async close() {
      try {
        if (!pg.closed) await pg.close();
      } finally {
        lock?.release();
      }
    },
  };
}
