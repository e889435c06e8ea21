import type { Db } from './db';
import { openPgliteDb } from './pglite-db';
import { openPostgresDb } from './postgres-db';

export interface DbSettings {
  readonly databaseUrl: string | null;
  readonly dataDir: string;
  /** PostgreSQL only: connections at most (default 10) and the statement timeout in ms (0: none). */
  readonly databasePoolSize?: number;
  readonly databaseStatementTimeoutMs?: number;
  /** PGlite: under `production` a lock of the data directory held by another host is never taken over. */
  readonly nodeEnv?: string;
  /** PostgreSQL: its connections are named `topup-store <instance>` in pg_stat_activity, or `databaseApplicationName`. */
  readonly instanceName?: string;
  readonly databaseApplicationName?: string | null;
}

/** PostgreSQL when a URL is given, otherwise PGlite in the data directory. */
export function openDb(settings: DbSettings): Promise<Db> {
  if (settings.databaseUrl) {
    return openPostgresDb({
      connectionString: settings.databaseUrl,
      maxConnections: settings.databasePoolSize,
      statementTimeoutMs: settings.databaseStatementTimeoutMs,
      // PostgreSQL keeps 63 bytes of a name; the listening connection adds " listen".
      applicationName: (settings.databaseApplicationName || `topup-store ${settings.instanceName ?? ''}`).trim().slice(0, 56),
    });
  }
  return openPgliteDb(settings.dataDir, { production: settings.nodeEnv === 'production' });
}

/** Where the data lives, for the start-up line (never prints a password). */
export function describeDb(settings: DbSettings): string {
  if (!settings.databaseUrl) return `PGlite in ${settings.dataDir}`;
  try {
    const url = new URL(settings.databaseUrl);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
