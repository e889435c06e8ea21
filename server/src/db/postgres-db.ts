import { Client, Pool, type PoolClient } from 'pg';
import type { Db, Queryable, Row } from './db';

export interface PostgresOptions {
  readonly connectionString: string;
  /** Runs every connection with this schema first on its search_path (isolated test runs). */
  readonly schema?: string;
  readonly maxConnections?: number;
  /**
   * The server cancels a statement of the pool's connections running longer than this (0 or unset:
   * never), so one runaway query cannot hold a connection for good. The LISTEN connection has none.
   */
  readonly statementTimeoutMs?: number;
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
    statement_timeout: options.statementTimeoutMs ? options.statementTimeoutMs : undefined,
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
    listen: (channel, onNotify, onReconnect) => listenOn(options, channel, onNotify, onReconnect),
    close: () => pool.end(),
  };
}

/** How long a lost listening connection waits before it connects again. */
const RELISTEN_MS = 1000;

/**
 * One connection of its own (not the pool's) that LISTENs on `channel` and connects again whenever it
 * is lost. Payloads are `<schema>:<text>`: only those of this Db's schema are passed on.
 */
async function listenOn(options: PostgresOptions, channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let schema = '';

  const connect = async (again: boolean): Promise<void> => {
    const next = new Client({ connectionString: options.connectionString, options: options.schema ? `-c search_path=${options.schema}` : undefined });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      const at = payload.indexOf(':');
      if (at > 0 && payload.slice(0, at) === schema) onNotify(payload.slice(at + 1));
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(true).catch(lost), RELISTEN_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    schema = (await next.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]?.schema ?? 'public';
    await next.query(`LISTEN ${channel}`);
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    if (again) onReconnect?.();
  };

  await connect(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}
