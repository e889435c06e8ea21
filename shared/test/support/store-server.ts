import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../node/free-port';
import { runTemplate } from './run-templates';

/**
 * The one way tests start the real store (`server/src/main.ts`, as `npm start` runs it) in a process
 * of its own: the server suite, the component tests of the remotes and the browser suite. It imports
 * nothing of server/ (lint keeps shared/ apart from it): the store is a program it runs.
 */

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const SERVER_DIR = path.join(REPO_ROOT, 'server');

/** Output kept per store for an error message: the last of it, not a log. */
const KEPT_OUTPUT = 256 * 1024;

export { freePort };

/** A new, empty folder for a store's PGlite data. */
export function newDataDir(prefix = 'topup-store-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface StoreServerOptions {
  /** Settings on top of this process's environment (after the test defaults: no log, 127.0.0.1). */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Its PGlite folder. Absent (and no DATA_DIR or DATABASE_URL in `env`): a new temporary folder,
   * removed by `stop()`.
   */
  readonly dataDir?: string;
  /**
   * A data folder of a stopped store, migrated and seeded, copied into `dataDir` before the start
   * when that is empty: the migrations and the demo catalogue are then done once, not per store.
   */
  readonly copyOf?: string;
  /**
   * When its data folder is empty: start from a copy of the folder that a store with the same `env`
   * left at its first start (migrations, the demo catalogue, the builds as releases), made once per
   * test run (run-templates.ts) — for tests of what a store does, not of its first start.
   */
  readonly fromTemplate?: boolean;
  /** Its port; one from `freePort()` when absent (and another if that one is taken meanwhile). */
  readonly port?: number;
  /** How long it may take to serve (migrations, the demo's first load on a busy machine). */
  readonly startTimeoutMs?: number;
}

export interface StoreServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  /** Its PGlite folder (unused when `env` gives a DATABASE_URL). */
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** Its exit: the signal that ended it, or its exit code. */
  readonly exited: Promise<NodeJS.Signals | number | null>;
  /** The last of what it printed, for failure messages. */
  output(): string;
  isRunning(): boolean;
  /** Sends `signal` (SIGKILL for a crash) and waits for the exit. */
  kill(signal: NodeJS.Signals): Promise<NodeJS.Signals | number | null>;
  /** Stops it (SIGTERM unless told) and removes a data folder it made itself. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** `GET /healthz` over node:http (jsdom, where component tests run, has no `fetch`). */
function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(`${url}/healthz`, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

async function startOnce(options: StoreServerOptions, port: number, dataDir: string, ownDataDir: boolean): Promise<StoreServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_OPTIONS: '', LOG: 'off', HOST: '127.0.0.1', DATA_DIR: dataDir, ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const take = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-KEPT_OUTPUT));
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const kill = (signal: NodeJS.Signals) => {
    if (isRunning()) child.kill(signal);
    return exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + (options.startTimeoutMs ?? 120_000);
  while (!(await healthy(url))) {
    if (!isRunning()) throw Object.assign(new Error(`the store exited while starting (${await exited}):\n${output}`), { output });
    if (Date.now() > until) {
      await kill('SIGKILL');
      throw new Error(`the store did not serve in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    dataDir,
    child,
    exited,
    output: () => output,
    isRunning,
    kill,
    async stop(signal = 'SIGTERM') {
      await kill(signal);
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Settings that shape how a running store behaves but not what its first start writes (migrations,
 * the demo catalogue, the builds as releases): left out of a template's key. Any other setting, known
 * or new, gets templates of its own: a template too many, never a wrong one.
 */
const NOT_WRITTEN_AT_FIRST_START = /^(DATA_DIR|DATABASE_URL|PORT|HOST|LOG|INSTANCE_NAME|DELIVERY_[A-Z_]+|STOP_[A-Z_]+|ROLE_LOOKUPS_PER_MINUTE)$/;

/** The run's stopped store's data folder after its first start with these settings (run-templates.ts). */
function firstStartTemplate(env: Readonly<Record<string, string>>): Promise<string> {
  const settings = Object.entries({ NODE_ENV: process.env.NODE_ENV ?? '', ...env })
    .filter(([name]) => !NOT_WRITTEN_AT_FIRST_START.test(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const key = createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 16);
  return runTemplate(`store-data-${key}`, async (into) => {
    fs.mkdirSync(into);
    const first = await startStore({ env: Object.fromEntries(settings), dataDir: into, startTimeoutMs: 300_000 });
    await first.stop();
  });
}

/** Starts the store on 127.0.0.1 and waits until `GET /healthz` answers 200. */
export async function startStore(options: StoreServerOptions = {}): Promise<StoreServer> {
  const given = options.dataDir ?? options.env?.DATA_DIR;
  const dataDir = given ?? newDataDir();
  const usesPglite = !(options.env?.DATABASE_URL ?? process.env.DATABASE_URL);
  if (options.fromTemplate && usesPglite && isEmptyDir(dataDir)) {
    fs.cpSync(await firstStartTemplate(options.env ?? {}), dataDir, { recursive: true });
  } else if (options.copyOf && isEmptyDir(dataDir)) fs.cpSync(options.copyOf, dataDir, { recursive: true });
  for (let attempt = 1; ; attempt += 1) {
    const port = options.port ?? (await freePort());
    try {
      return await startOnce(options, port, dataDir, given === undefined);
    } catch (error) {
      // Taken by another process between the choice and the start: another port.
      const taken = /EADDRINUSE/.test(String((error as { output?: string }).output ?? ''));
      if (options.port !== undefined || attempt >= 3 || !taken) throw error;
    }
  }
}

/**
 * The store for a component test: its own PGlite folder with the demo catalogue (a copy of the run's
 * template for these settings), lookups unlimited.
 */
export function startStoreServer(env: Readonly<Record<string, string>> = {}): Promise<StoreServer> {
  return startStore({ env: { ROLE_LOOKUPS_PER_MINUTE: '10000', ...env }, fromTemplate: true });
}
