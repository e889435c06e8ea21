import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sign } from '@topup/shared/sign';
import { startStore as startStoreServer, type StoreServer } from '../../../shared/test/support/store-server';
import type { Db } from '../../src/db/db';
import { openPgliteDb } from '../../src/db/pglite-db';
import { openPostgresDb } from '../../src/db/postgres-db';
import { TEST_APP_KEY } from './test-app';

const SERVER_DIR = path.resolve(__dirname, '..', '..');

/** Where a spawned server keeps its data: a PGlite directory, or a PostgreSQL schema of its own. */
export interface StoreData {
  readonly name: 'PGlite' | 'PostgreSQL';
  readonly env: Record<string, string>;
  /** Opens the data directly (the server must be stopped for PGlite). */
  open(): Promise<Db>;
  remove(): Promise<void>;
}

export function pgliteData(): StoreData {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-orders-'));
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openPgliteDb(dataDir),
    remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function postgresData(url: string): Promise<StoreData> {
  const schema = `crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgresDb({ connectionString: url, maxConnections: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const separator = url.includes('?') ? '&' : '?';
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}` },
    open: () => openPostgresDb({ connectionString: url, schema, maxConnections: 2 }),
    async remove() {
      const db = await openPostgresDb({ connectionString: url, maxConnections: 1 });
      await db.exec(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  };
}

export type StoreProcess = StoreServer;

/**
 * Starts `server/src/main.ts` as `npm start` does, on a free port, and waits until it serves (the one
 * way tests start it). `fromTemplate`: on an empty PGlite folder, from a copy of the run's first start
 * with the same settings (store-server.ts), for tests of what the store does after it.
 */
export function startStore(env: Record<string, string>, options: { fromTemplate?: boolean } = {}): Promise<StoreProcess> {
  return startStoreServer({ env: { NODE_ENV: 'development', ...env }, ...options });
}

export interface ServerScript {
  readonly output: () => string;
  readonly exited: Promise<number | null>;
  stop(): void;
}

/** Starts `server/src/<script>` as a real process, the way `npm start` and `npm run seed` do, on any free port. */
export function startServerScript(env: Record<string, string>, script = 'src/main.ts'): ServerScript {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG: 'off', HOST: '127.0.0.1', PORT: '0', NODE_OPTIONS: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output: () => output, exited, stop: () => child.kill('SIGTERM') };
}

/** A signed store API call over HTTP. */
export async function callStore<T>(url: string, action: string, payload: Record<string, string | number>): Promise<{ ret: number; data: T; msg: string }> {
  const response = await fetch(`${url}/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...payload, sign: sign(payload, TEST_APP_KEY) }),
  });
  return (await response.json()) as { ret: number; data: T; msg: string };
}
