import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/** PostgreSQL for benchmarks: `BENCH_DATABASE_URL`, or the local server. */
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface EachDatabase<T> {
  readonly runs: T[];
  /** Says loudly that PostgreSQL was not measured, or "" when it was. */
  readonly postgresNote: string;
}

/**
 * Runs one benchmark on a fresh PGlite directory, then on PostgreSQL in a schema of its own
 * (dropped afterwards) when a server answers. `bench` gets the server's environment.
 */
export async function onEachDatabase<T>(
  name: string,
  bench: (database: 'PGlite' | 'PostgreSQL', env: Record<string, string>) => Promise<T>,
): Promise<EachDatabase<T>> {
  const runs: T[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `topup-${name}-`));
  try {
    runs.push(await bench('PGlite', { DATA_DIR: dataDir }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!(await postgresReachable(POSTGRES_URL))) {
    const postgresNote = `PostgreSQL was NOT measured: nothing answered at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')} (set BENCH_DATABASE_URL).`;
    console.warn(`\n!!! ${postgresNote}`);
    return { runs, postgresNote };
  }
  const schema = `${name.replace(/\W/g, '_')}_${process.pid}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    const url = new URL(POSTGRES_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    runs.push(await bench('PostgreSQL', { DATABASE_URL: url.toString() }));
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
  return { runs, postgresNote: '' };
}

/**
 * Runs `run` on storage of its own beside the one `env` names (another PGlite directory, another
 * PostgreSQL schema), removed afterwards: a second store measured in the same run starts as fresh
 * as the first.
 */
export async function withFreshStorage<T>(env: Record<string, string>, tag: string, run: (env: Record<string, string>) => Promise<T>): Promise<T> {
  if (env.DATA_DIR) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `topup-${tag}-`));
    try {
      return await run({ ...env, DATA_DIR: dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const url = new URL(env.DATABASE_URL ?? POSTGRES_URL);
  const schema = `${/search_path=(\w+)/.exec(url.searchParams.get('options') ?? '')?.[1] ?? 'bench'}_${tag.replace(/\W/g, '_')}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    url.searchParams.set('options', `-c search_path=${schema}`);
    return await run({ ...env, DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
