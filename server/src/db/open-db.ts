import type { Db } from './db';
import { openPgliteDb } from './pglite-db';
import { openPostgresDb } from './postgres-db';

export interface DbSettings {
  readonly databaseUrl: string | null;
  readonly dataDir: string;
}

/** PostgreSQL when a URL is given, otherwise PGlite in the data directory. */
export function openDb(settings: DbSettings): Promise<Db> {
  if (settings.databaseUrl) return openPostgresDb({ connectionString: settings.databaseUrl });
  return openPgliteDb(settings.dataDir);
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
