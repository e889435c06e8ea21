import { Pool, type PoolClient } from 'pg';
import type { Db, Queryable, Row } from './db';

export interface PostgresOptions {
  readonly connectionString: string;
  /** Runs every connection with this schema first on its search_path (isolated test runs). */
  readonly schema?: string;
  readonly maxConnections?: number;
}

function queryableOf(target: Pool | PoolClient): Queryable {
  return {
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query(sql, params as unknown[]);
      return result.rows as T[];
    },
  };
}

/** PostgreSQL 15 through a `pg` connection pool. */
export async function openPostgresDb(options: PostgresOptions): Promise<Db> {
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  });
  // A pool error on an idle client must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const probe = await pool.connect();
  probe.release();
  const direct = queryableOf(pool);
  return {
    kind: 'postgres',
    query: direct.query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(queryableOf(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
