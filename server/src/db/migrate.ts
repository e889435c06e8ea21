import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** `NNN-name.sql` files, in version order. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .map((file) => ({
      version: Number.parseInt(file.slice(0, 3), 10),
      name: file.slice(4, -4),
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
}

// Any fixed number: every store process takes the same lock while it migrates.
const MIGRATION_LOCK = 7_340_101;

/**
 * Applies the migrations this database has not seen, in one transaction, under an advisory
 * lock so that several servers starting together migrate once. Returns the versions applied.
 */
export async function migrate(db: Db, migrations: readonly Migration[] = readMigrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    // Neither the wait for another server's migration nor a long migration is cut by DATABASE_STATEMENT_TIMEOUT_MS.
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // Looked for first: a store whose role owns nothing (docs/operations.md, "The database roles") may not even ask to create it.
    const [found] = await tx.query<{ present: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`);
    if (!found?.present) {
      await tx.query(`CREATE TABLE schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    }
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => row.version),
    );
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return applied;
  });
}

/**
 * Splits a migration on the `;` that end lines, outside `$$ … $$` (a function's body keeps its own
 * lines ending in `;`). Whole-line `--` comments outside such a body are dropped.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let quoted = false;
  for (const line of sql.split('\n')) {
    if (!quoted && /^\s*--/.test(line)) continue;
    current += `${line}\n`;
    // Every `$$` opens or closes a body.
    quoted = (line.split('$$').length - 1) % 2 === 1 ? !quoted : quoted;
    if (!quoted && /;\s*$/.test(line)) {
      statements.push(current.trim().replace(/;$/, '').trim());
      current = '';
    }
  }
  statements.push(current.trim());
  return statements.filter((statement) => statement.length > 0);
}
