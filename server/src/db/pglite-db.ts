import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './db';
import { lockDataDir, type DataDirLock } from './data-dir-lock';

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
 * to this process; without one, the database lives in memory (tests).
 */
export async function openPgliteDb(dataDir?: string): Promise<Db> {
  const lock: DataDirLock | null = dataDir ? lockDataDir(dataDir) : null;
  let pg: PGlite;
  try {
    pg = await PGlite.create(dataDir ? { dataDir, relaxedDurability: false } : {});
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
