import { Client, Pool, type PoolClient } from 'pg';
import type { Db, ListenEvents, Listening, Queryable, Row } from './db';
import { DatabaseUnavailableError, isConnectionFault } from './database-unavailable';
import { preparedName } from './prepared-sql';
import { lockKeyLiteral } from './advisory-lock';

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
  /** How the connections name themselves in pg_stat_activity (the listening one adds ` listen`). */
  readonly applicationName?: string;
  /** The waits between tries to get a connection while the database cannot be reached (a restart). */
  readonly connectRetryMs?: readonly number[];
}

/** About six seconds of tries: a PostgreSQL restart usually fits; a longer outage answers "try again". */
const CONNECT_RETRY_MS = [100, 200, 400, 800, 1500, 3000];
/** A connection that cannot be made in this long counts as a fault (the pool would otherwise wait for ever). */
const CONNECT_TIMEOUT_MS = 5_000;
const RELISTEN_FIRST_MS = 1_000;
const RELISTEN_MAX_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A statement that only reads: repeating it after a lost connection changes nothing. A SELECT that
 * writes (a function that inserts) starts with a comment instead, and is never repeated.
 */
const READS_ONLY = /^\s*(select|show|values)\b/i;

/** Whether the PostgreSQL Db sends `sql` once more when its connection was lost under it. */
export const repeatsAfterLostConnection = (sql: string): boolean => READS_ONLY.test(sql);

/** The error as the store's: a lost or unreachable database becomes DatabaseUnavailableError. */
function asStoreError(error: unknown): unknown {
  return isConnectionFault(error) && !(error instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(error) : error;
}

function queryableOf(client: PoolClient): Queryable {
  return {
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      try {
        // A registered hot statement goes by its name: parsed and planned once per connection.
        const name = preparedName(sql);
        const result = name ? await client.query({ name, text: sql, values: params as unknown[] }) : await client.query(sql, params as unknown[]);
        return result.rows as T[];
      } catch (error) {
        throw asStoreError(error);
      }
    },
  };
}

/**
 * PostgreSQL 15 through a `pg` connection pool. Faults are normal: a connection that cannot be had is
 * tried again for a few seconds (nothing was sent yet, so any work may wait for it); a connection lost
 * under a statement fails that statement with DatabaseUnavailableError — repeated once when the
 * statement only reads, never when it may have written — and never takes the process down.
 */
export async function openPostgresDb(options: PostgresOptions): Promise<Db> {
  const waits = options.connectRetryMs ?? CONNECT_RETRY_MS;
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    statement_timeout: options.statementTimeoutMs ? options.statementTimeoutMs : undefined,
    application_name: options.applicationName ?? 'topup-store',
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection's error (the server restarted): the pool drops it, the next query makes a new one.
  pool.on('error', () => faultSeen());

  // A restart ends every connection at once, but each idle one hears of it only when its socket says so,
  // which can be after the next caller took it. So once one connection is found lost, every connection
  // idle since then is suspect: it is closed when next taken and a fresh one is made, instead of the
  // retry (or the next statement, a write that cannot be repeated) landing on another dead connection.
  let faults = 0;
  const healthyAt = new WeakMap<PoolClient, number>();
  function faultSeen() {
    faults += 1;
  }

  /** A connection with an error listener for as long as it is checked out, so that its loss is no crash. */
  const connect = async (): Promise<{ client: PoolClient; lost: () => unknown; release: (broken: boolean) => void }> => {
    for (let attempt = 0; ; attempt++) {
      try {
        let client = await pool.connect();
        while ((healthyAt.get(client) ?? faults) < faults) {
          client.release(true);
          client = await pool.connect();
        }
        let lostWith: unknown = null;
        const onError = (error: unknown) => {
          lostWith = error;
        };
        client.on('error', onError);
        return {
          client,
          lost: () => lostWith,
          release: (broken) => {
            client.removeListener('error', onError);
            // A broken connection is closed, not handed to the next caller.
            if (broken || lostWith !== null) {
              faultSeen();
              client.release(true);
            } else {
              healthyAt.set(client, faults);
              client.release();
            }
          },
        };
      } catch (error) {
        if (!isConnectionFault(error) || attempt >= waits.length) throw asStoreError(error);
        await sleep(waits[attempt]!);
      }
    }
  };

  const query = async <T = Row>(sql: string, params: readonly unknown[] = [], again = READS_ONLY.test(sql)): Promise<T[]> => {
    const { client, release } = await connect();
    let broken = false;
    try {
      return await queryableOf(client).query<T>(sql, params);
    } catch (error) {
      broken = error instanceof DatabaseUnavailableError;
      if (broken && again) return query<T>(sql, params, false);
      throw error;
    } finally {
      release(broken);
    }
  };

  const probe = await connect();
  probe.release(false);
  return {
    kind: 'postgres',
    query,
    async transaction(work, options = {}) {
      const begin = options.lockKey === undefined ? 'BEGIN' : `BEGIN; SELECT pg_advisory_xact_lock(${lockKeyLiteral(options.lockKey)}::bigint)`;
      const { client, lost, release } = await connect();
      const tx = queryableOf(client);
      let broken = false;
      try {
        // With a lock: BEGIN and the lock in one round trip (one simple-protocol message of two statements).
        await tx.query(begin);
        const result = await work(tx);
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        broken = lost() !== null || error instanceof DatabaseUnavailableError;
        if (!broken) await client.query('ROLLBACK').catch(() => undefined);
        // Whatever the work made of it, a transaction whose connection was lost failed for that reason.
        throw broken && !(error instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(lost() ?? error) : error;
      } finally {
        release(broken);
      }
    },
    async exec(sql) {
      const { client, release } = await connect();
      let broken = false;
      try {
        await client.query(sql);
      } catch (error) {
        broken = isConnectionFault(error);
        throw asStoreError(error);
      } finally {
        release(broken);
      }
    },
    listen: (channel, events) => listenOn(options, channel, events),
    close: () => pool.end(),
  };
}

/**
 * One connection of its own (not the pool's) that LISTENs on `channel` and, until stopped, connects
 * again whenever it is lost or cannot connect: after 1 s, doubling to at most 10 s, back to 1 s once it
 * listens again. Payloads are `<schema>:<text>`: only those of this Db's schema are passed on.
 */
async function listenOn(options: PostgresOptions, channel: string, events: ListenEvents): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let wait = RELISTEN_FIRST_MS;
  let missed = false;
  let schema = '';

  const again = (error: unknown) => {
    if (stopped || retry) return;
    missed = true;
    events.onLost?.(error, wait);
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, wait);
    wait = Math.min(wait * 2, RELISTEN_MAX_MS);
  };

  const connect = async (): Promise<void> => {
    const next = new Client({
      connectionString: options.connectionString,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
      application_name: `${options.applicationName ?? 'topup-store'} listen`,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      const at = payload.indexOf(':');
      if (at > 0 && payload.slice(0, at) === schema) events.onNotify(payload.slice(at + 1));
    });
    let gone = false;
    const lost = (error: unknown) => {
      if (gone) return;
      gone = true;
      if (client === next) client = null;
      next.end().catch(() => undefined);
      again(error);
    };
    next.on('error', lost);
    next.on('end', () => lost(new Error('the listening connection ended')));
    try {
      await next.connect();
      schema = (await next.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]?.schema ?? 'public';
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      lost(error);
      return;
    }
    if (stopped || gone) {
      gone = true;
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    wait = RELISTEN_FIRST_MS;
    if (missed) events.onBack?.();
    missed = false;
  };

  await connect();
  return {
    get active() {
      return client !== null;
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
