import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { processSettingTexts } from '../settings/environment';
import { readSettings, type SettingTexts } from '../settings/read-settings';
import type { Settings } from '../settings/settings-schema';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open-db';
import { haproxyVersion, renderHaproxyConfig } from './haproxy-config';
import { freePort } from '@topup/shared/free-port';
import { startInstance, type StoreInstance } from './store-instance';

export interface ClusterOptions {
  /** How many store instances run behind the balancer. */
  readonly instances: number;
  /** Where the balancer listens (default 127.0.0.1); the instances always listen on 127.0.0.1. */
  readonly host?: string;
  /** The balancer's port: the store's one address (0 or absent: any free port). */
  readonly port?: number;
  /** Each instance's own port (absent: free ports). */
  readonly instancePorts?: readonly number[];
  /** Settings of every instance, on top of this process's environment. DATABASE_URL is required. */
  readonly env?: Readonly<Record<string, string>>;
  /** How often HAProxy asks each instance's /healthz (default 2 s). */
  readonly checkIntervalMs?: number;
  /** Each line an instance or HAProxy prints, with who printed it. */
  readonly onLine?: (source: string, line: string) => void;
  /**
   * An instance that exits by itself (a crash, a kill) is started again after a wait that doubles from
   * `firstMs` to `maxMs` while it keeps failing, and starts over from `firstMs` once an instance ran for
   * `healthyMs`. Default 1 s, 30 s, 60 s; `false` leaves dead instances dead.
   */
  readonly supervise?: false | { readonly firstMs?: number; readonly maxMs?: number; readonly healthyMs?: number };
}

/** An instance the cluster started again after it exited by itself. */
export interface InstanceRestart {
  readonly name: string;
  /** How it ended: the signal or exit code. */
  readonly exit: NodeJS.Signals | number | null;
  /** How long the cluster waited before starting it again. */
  readonly waitedMs: number;
  /** When it served again (ms since the epoch), or null when that start failed too. */
  readonly servingAt: number | null;
}

export interface StoreCluster {
  /** http://<host>:<port>: the balancer, the store's one address. */
  readonly url: string;
  /** The instances, store-1 to store-N, as they run now. */
  readonly instances: readonly StoreInstance[];
  readonly haproxy: ChildProcess;
  /** HAProxy's exit (it only ends when stopped, or on a fault). */
  readonly haproxyExited: Promise<NodeJS.Signals | number | null>;
  /** Stops one instance and starts it again on its port, with these settings on top (a drill). */
  restart(index: number, env?: Readonly<Record<string, string>>): Promise<StoreInstance>;
  /**
   * Restarts every instance, one after the other: each drains (readiness fails, the balancer takes it out),
   * finishes its requests and stops, starts again, and is back in rotation before the next one stops.
   */
  rollingRestart(): Promise<void>;
  /** The restarts the supervisor made so far, oldest first. */
  readonly restarts: readonly InstanceRestart[];
  /** The balancer first (no new requests), then every instance, each finishing what it does. */
  stop(): Promise<void>;
}

/** INSTANCE_NAME of the cluster's n-th instance (from 0), and HAProxy's name for it. */
export const instanceName = (index: number) => `store-${index + 1}`;

/** How long an instance or HAProxy may take to stop before it is killed. */
const STOP_WAIT_MS = 30_000;

/** HAProxy's counts of checks (deploy/haproxy.cfg): out after `fall` failures, back after `rise` successes. */
const CHECK_FALL = 2;
const CHECK_RISE = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the instance itself says it is ready (GET /readyz answers 200). */
async function untilReady(instance: StoreInstance, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`${instance.url}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (!instance.isRunning()) throw new Error(`${instance.name} exited before it was ready`);
    if (Date.now() > end) throw new Error(`${instance.name} was not ready in ${ms} ms`);
    await sleep(100);
  }
}

/** Refuses what a cluster cannot run on, with what to do instead. */
export function clusterProblems(settings: Pick<Settings, 'DATABASE_URL'>): string[] {
  const problems: string[] = [];
  if (!settings.DATABASE_URL) {
    problems.push(
      'A cluster needs PostgreSQL: set DATABASE_URL (postgres://user@host:5432/db). The embedded database (PGlite) is one process\'s and cannot be shared by several instances.',
    );
  }
  if (!haproxyVersion()) problems.push('HAProxy is not installed: run `bash scripts/ensure-haproxy.sh` (Debian\'s haproxy package).');
  return problems;
}

/** Applies the migrations once, before any instance starts (they then find nothing to do). */
async function migrateOnce(texts: SettingTexts): Promise<number[]> {
  const config = loadConfig(texts);
  const db = await openDb({ ...config, databasePoolSize: 2 });
  try {
    return await migrate(db);
  } finally {
    await db.close();
  }
}

/** Asks the balancer's /healthz until every instance has answered through it. */
async function untilEveryInstanceAnswers(url: string, names: readonly string[], haproxy: ChildProcess, output: () => string): Promise<void> {
  const seen = new Set<string>();
  const until = Date.now() + 20_000;
  while (names.some((name) => !seen.has(name))) {
    if (haproxy.exitCode !== null || haproxy.signalCode !== null) throw new Error(`HAProxy exited:\n${output()}`);
    if (Date.now() > until) throw new Error(`HAProxy at ${url} did not reach ${names.filter((name) => !seen.has(name)).join(', ')}:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) seen.add(((await response.json()) as { instance: string }).instance);
    } catch {
      /* not listening yet */
    }
    if (seen.size < names.length) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopProcess(child: ChildProcess, exited: Promise<unknown>, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WAIT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Runs the store as a cluster on this machine: N instances of `server/src/main.ts` (INSTANCE_NAME
 * store-1...store-N, each on its own port) on one PostgreSQL, behind HAProxy with the repository's
 * configuration (deploy/haproxy.cfg): round robin, /healthz checks, X-Forwarded-For. Each instance
 * believes one proxy hop (TRUST_PROXY=1) unless the settings say otherwise, and names the
 * balancer's address in its mails (PUBLIC_URL).
 */
export async function startCluster(options: ClusterOptions): Promise<StoreCluster> {
  // The instances' settings: this process's, with the cluster's over them; checked before any starts.
  const texts: SettingTexts = { ...processSettingTexts(), ...options.env };
  const settings = readSettings(texts);
  const problems = clusterProblems(settings);
  if (problems.length) throw new Error(problems.join('\n'));
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort());
  const shownHost = host === '0.0.0.0' ? '127.0.0.1' : host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  const shared: Record<string, string> = {
    TRUST_PROXY: texts.TRUST_PROXY || '1',
    PUBLIC_URL: texts.PUBLIC_URL || url,
    ...options.env,
    // Each instance's sandbox game on a port of its own: the default (its port + 1) may be the next instance's.
    SANDBOX_GAME_PORT: '0',
  };
  const onLine = options.onLine;
  const checkIntervalMs = options.checkIntervalMs ?? 2_000;
  // On SIGTERM an instance fails readiness for as long as HAProxy needs to take it out, then stops.
  shared.STOP_DRAIN_SECONDS = options.env?.STOP_DRAIN_SECONDS ?? String(Math.ceil((checkIntervalMs * (CHECK_FALL + 1)) / 1000));

  const applied = await migrateOnce(texts);
  if (applied.length) onLine?.('cluster', `Database migrated to version ${applied[applied.length - 1]}.`);

  const ports = [...(options.instancePorts ?? (await Promise.all(Array.from({ length: options.instances }, () => freePort()))))];
  if (ports.length !== options.instances) throw new Error(`${options.instances} instances need ${options.instances} ports, got ${ports.length}`);
  const start = (index: number, extra: Readonly<Record<string, string>> = {}) =>
    startInstance({ name: instanceName(index), port: ports[index]!, env: { ...shared, ...extra }, onLine: onLine && ((line) => onLine(instanceName(index), line)) });
  // A port chosen here may be taken by another process before the instance binds it: another one then.
  const firstStart = async (index: number): Promise<StoreInstance> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await start(index);
      } catch (error) {
        if (options.instancePorts || attempt >= 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
        onLine?.('cluster', `${instanceName(index)}: port ${ports[index]} was taken, trying another`);
        ports[index] = await freePort();
      }
    }
  };
  const started = await Promise.allSettled(ports.map((_port, index) => firstStart(index)));
  const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await Promise.all(instances.map((instance) => instance.kill('SIGTERM')));
    throw failed.reason;
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-haproxy-'));
  const configFile = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(
    configFile,
    renderHaproxyConfig({
      bind: `${host.includes(':') ? `[${host}]` : host}:${port}`,
      servers: instances.map((instance) => ({ name: instance.name, address: `127.0.0.1:${instance.port}` })),
      checkIntervalMs,
    }),
  );
  // -db: in the foreground, a child of this process, ended by a signal.
  const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let haproxyOutput = '';
  for (const stream of [haproxy.stdout, haproxy.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      haproxyOutput = (haproxyOutput + chunk.toString()).slice(-16_384);
      for (const line of chunk.toString().split('\n').filter(Boolean)) onLine?.('haproxy', line);
    });
  }
  const haproxyExited = new Promise<NodeJS.Signals | number | null>((resolve) => haproxy.on('exit', (code, signal) => resolve(signal ?? code)));

  // Should this process end without stop(), nothing it started keeps running.
  const orphans = () => {
    haproxy.kill('SIGTERM');
    for (const instance of instances) instance.child.kill('SIGTERM');
  };
  process.once('exit', orphans);

  // The supervisor: an instance that exits when nobody asked it to is started again, with backoff.
  const supervise = options.supervise === false ? null : { firstMs: 1_000, maxMs: 30_000, healthyMs: 60_000, ...options.supervise };
  const restarts: InstanceRestart[] = [];
  /** Instances being stopped or restarted on purpose: their exits are not the supervisor's business. */
  const planned = new Set<StoreInstance>();
  const failuresInARow = new Map<number, number>();
  let stopping: Promise<void> | null = null;
  const watch = (index: number, instance: StoreInstance) => {
    const startedAt = Date.now();
    void instance.exited.then(async (exit) => {
      if (!supervise || stopping || planned.has(instance)) return;
      let failures = Date.now() - startedAt >= supervise.healthyMs ? 0 : (failuresInARow.get(index) ?? 0);
      for (;;) {
        const waitedMs = Math.min(supervise.firstMs * 2 ** failures, supervise.maxMs);
        onLine?.('cluster', `!!! ${instance.name} exited (${exit}): starting it again in ${waitedMs / 1000} s (HAProxy sends its requests to the other instances meanwhile) !!!`);
        await sleep(waitedMs);
        if (stopping) return;
        failures += 1;
        failuresInARow.set(index, failures);
        try {
          const next = await start(index);
          if (stopping) {
            // The cluster was stopped while this instance started: it stops too, rather than outlive it.
            planned.add(next);
            await stopProcess(next.child, next.exited, 'SIGTERM');
            return;
          }
          instances[index] = next;
          restarts.push({ name: next.name, exit, waitedMs, servingAt: Date.now() });
          onLine?.('cluster', `${next.name} is serving again`);
          watch(index, next);
          return;
        } catch (error) {
          restarts.push({ name: instance.name, exit, waitedMs, servingAt: null });
          onLine?.('cluster', `!!! ${instance.name} failed to start: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]} !!!`);
        }
      }
    });
  };
  instances.forEach((instance, index) => watch(index, instance));

  const stop = () =>
    (stopping ??= (async () => {
      process.removeListener('exit', orphans);
      // Soft stop: HAProxy stops listening and ends once its requests under way are answered.
      await stopProcess(haproxy, haproxyExited, 'SIGUSR1');
      for (const instance of instances) planned.add(instance);
      await Promise.all(instances.map((instance) => stopProcess(instance.child, instance.exited, 'SIGTERM')));
      fs.rmSync(dir, { recursive: true, force: true });
    })());

  try {
    await untilEveryInstanceAnswers(url, instances.map((instance) => instance.name), haproxy, () => haproxyOutput);
  } catch (error) {
    await stop();
    throw error;
  }

  const cluster: StoreCluster = {
    url,
    get instances() {
      return instances;
    },
    haproxy,
    haproxyExited,
    async restart(index, env = {}) {
      const current = instances[index];
      if (!current) throw new Error(`no instance ${index}`);
      planned.add(current);
      await stopProcess(current.child, current.exited, 'SIGTERM');
      const next = await start(index, env);
      instances[index] = next;
      watch(index, next);
      return next;
    },
    async rollingRestart() {
      for (let index = 0; index < instances.length; index++) {
        onLine?.('cluster', `rolling restart: ${instanceName(index)} drains and stops`);
        const next = await cluster.restart(index);
        await untilReady(next);
        // Back in rotation once HAProxy has seen it ready `rise` times.
        await sleep(checkIntervalMs * (CHECK_RISE + 1));
        onLine?.('cluster', `rolling restart: ${next.name} is back in rotation`);
      }
    },
    restarts,
    stop,
  };
  return cluster;
}
