/**
 * `npm run bench:api`: requests per second and latency of the store API on PGlite and on
 * PostgreSQL, against a trivial baseline route, with the server's peak memory. Writes the
 * `## API` section of docs/benchmarks.md.
 *
 * BENCH_SECONDS (default 10) per scenario and round, BENCH_ROUNDS (default 3; the scenarios take turns,
 * and the best round of each is kept, because the machine is shared), BENCH_CONNECTIONS (default 50),
 * BENCH_DATABASE_URL (default the local PostgreSQL 15 at postgres://postgres@127.0.0.1:5432/test),
 * BENCH_BASELINE (a git ref: the store at that commit is measured first on each database, then this
 * tree, and both go into the section), BENCH_NOTE (a paragraph written under the tables).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sign } from '@topup/shared/sign';
import { writeBenchSection } from './bench-report';
import { onEachDatabase, withFreshStorage } from './each-database';
import { treesToMeasure, type StoreTree } from './baseline-tree';

const ROOT = path.resolve(__dirname, '..', '..');
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const APP_KEY = 'topup-dev-key';

export interface Scenario {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: Record<string, string | number>;
  /** The answer's ret code every request gets (0 unless said). */
  readonly ret?: number;
  /** A body of its own for each request (the nth), instead of `body` every time. */
  readonly bodyFor?: (n: number) => Record<string, string | number>;
}

const signed = (payload: Record<string, string | number>) => ({ ...payload, sign: sign(payload, APP_KEY) });

export const SCENARIOS: readonly Scenario[] = [
  { name: 'baseline: GET /healthz', method: 'GET', path: '/healthz' },
  {
    name: 'getPayPrice, no role',
    method: 'POST',
    path: '/api/getPayPrice',
    body: signed({ type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' }),
  },
  {
    name: 'getPayPrice, with a role',
    method: 'POST',
    path: '/api/getPayPrice',
    body: signed({ type: 'Packs', game_id: 18, area: 'us', role_id: '1801003', ln_uid: '1800003' }),
  },
  {
    name: 'getRoleInfo',
    method: 'POST',
    path: '/api/getRoleInfo',
    body: signed({ role_id: '1801002', server_id: '1801', area: 'us', game_id: 18 }),
  },
  {
    // Every request names a character of its own that the game does not know: "not found" is never
    // remembered (decision 126) and no two lookups are alike, so each one is a signed call to the sandbox game.
    name: 'getRoleInfo, a new character each time (the game asked)',
    method: 'POST',
    path: '/api/getRoleInfo',
    body: signed({ role_id: '18019000000', server_id: '1801', area: 'us', game_id: 18 }),
    bodyFor: (n) => signed({ role_id: String(18019000001 + n), server_id: '1801', area: 'us', game_id: 18 }),
    ret: 1006,
  },
];

/** Each run of a scenario with bodies of their own starts past the previous run's. */
let bodiesSent = 0;

export interface Measured {
  readonly scenario: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly failures: number;
}

export interface DatabaseRun {
  readonly database: string;
  /** Which store was measured: "baseline <commit>" or "this tree <commit>". */
  readonly store: string;
  readonly results: readonly Measured[];
  readonly peakRssMb: number;
}

interface RunningServer {
  readonly port: number;
  readonly child: ChildProcess;
}

function startServer(tree: StoreTree, env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(tree.root, 'server', 'bench', 'bench-server.ts')], {
    cwd: tree.root,
    env: { ...process.env, LOG: 'off', NODE_ENV: 'development', DATABASE_URL: '', NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve({ port: Number(match[1]), child });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}: ${output}`)));
  });
}

async function stopServer(server: RunningServer): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

function measure(port: number, scenario: Scenario, seconds: number): Promise<Measured> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}${scenario.path}`,
        method: scenario.method,
        connections: CONNECTIONS,
        duration: seconds,
        headers: scenario.body ? { 'content-type': 'application/json' } : {},
        body: scenario.body ? JSON.stringify(scenario.body) : undefined,
        ...(scenario.bodyFor
          ? {
              requests: [
                {
                  method: scenario.method,
                  path: scenario.path,
                  setupRequest: (request: Record<string, unknown>) => ({ ...request, body: JSON.stringify(scenario.bodyFor!((bodiesSent += 1))) }),
                },
              ],
            }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          scenario: scenario.name,
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          failures: result.errors + result.timeouts + result.non2xx,
        });
      },
    );
  });
}

async function checkAnswers(port: number): Promise<void> {
  for (const scenario of SCENARIOS.filter((s) => s.body)) {
    const response = await fetch(`http://127.0.0.1:${port}${scenario.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(scenario.body),
    });
    const answer = (await response.json()) as { ret: number; msg: string };
    if (answer.ret !== (scenario.ret ?? 0)) throw new Error(`${scenario.name} answered ret ${answer.ret}: ${answer.msg}`);
  }
}

/** Fresh storage for each store after the first (which uses the storage made for this database). */
async function withStorages<T>(env: Record<string, string>, count: number, run: (envs: Array<Record<string, string>>) => Promise<T>, made: Array<Record<string, string>> = [env]): Promise<T> {
  if (made.length >= count) return run(made);
  return withFreshStorage(env, `store${made.length}`, (own) => withStorages(env, count, run, [...made, own]));
}

/**
 * Every store (the baselines and this tree) runs at once, each in its own process on its own storage;
 * each scenario of each round is measured store by store, so that a machine whose other load changes
 * during the run weighs on each store alike. Only one store is under load at any time.
 */
async function benchDatabase(database: string, trees: readonly StoreTree[], env: Record<string, string>): Promise<DatabaseRun[]> {
  return withStorages(env, trees.length, async (envs) => {
    console.log(`\n== ${database}: ${trees.map((tree) => tree.label).join(', ')} ==`);
    const servers: RunningServer[] = [];
    try {
      for (const [index, tree] of trees.entries()) servers.push(await startServer(tree, envs[index]!));
      for (const server of servers) {
        await checkAnswers(server.port);
        for (const scenario of SCENARIOS) await measure(server.port, scenario, Math.min(2, SECONDS)); // warm-up
      }
      const best = trees.map(() => new Map<string, Measured>());
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const scenario of SCENARIOS) {
          for (const [index, server] of servers.entries()) {
            const measured = await measure(server.port, scenario, SECONDS);
            console.log(
              `round ${round}  ${trees[index]!.label.padEnd(24)} ${scenario.name.padEnd(28)} ${Math.round(measured.requestsPerSecond).toString().padStart(7)} req/s  p50 ${measured.p50} ms  p99 ${measured.p99} ms  failures ${measured.failures}`,
            );
            const kept = best[index]!.get(scenario.name);
            if (!kept || measured.requestsPerSecond > kept.requestsPerSecond) best[index]!.set(scenario.name, measured);
          }
        }
      }
      const runs: DatabaseRun[] = [];
      for (const [index, server] of servers.entries()) {
        const memory = (await (await fetch(`http://127.0.0.1:${server.port}/bench/memory`)).json()) as { maxRssKb: number };
        const peakRssMb = Math.round(memory.maxRssKb / 1024);
        console.log(`${trees[index]!.label}: peak resident memory ${peakRssMb} MB`);
        runs.push({ database, store: trees[index]!.label, results: SCENARIOS.map((scenario) => best[index]!.get(scenario.name) as Measured), peakRssMb });
      }
      return runs;
    } finally {
      for (const server of servers) await stopServer(server);
    }
  });
}

type EachDatabaseRuns = Awaited<ReturnType<typeof onEachDatabase<DatabaseRun[]>>>;

async function main(): Promise<void> {
  const loadAverage = os.loadavg()[0] ?? 0;
  const trees = treesToMeasure();
  let measured: EachDatabaseRuns;
  try {
    measured = await onEachDatabase('bench_api', (database, env) => benchDatabase(database, trees, env));
  } finally {
    for (const tree of trees) tree.remove();
  }
  const runs = measured.runs.flat();
  const postgresNote = measured.postgresNote;

  writeBenchSection(path.join(ROOT, 'docs', 'benchmarks.md'), runs, {
    seconds: SECONDS,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    cpus: os.cpus().length,
    node: process.version,
    loadAverage,
    note: postgresNote,
    extra: process.env.BENCH_NOTE ?? '',
  });
  console.log('\nWrote the API section of docs/benchmarks.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
