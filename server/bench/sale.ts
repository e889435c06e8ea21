/**
 * `npm run bench:sale`: a sale day. BENCH_PLAYERS players (default 2,000), each from a client address
 * of its own, arrive within BENCH_SALE_SECONDS (default 60) at a cluster of BENCH_INSTANCES store
 * instances (default 3) behind HAProxy on one PostgreSQL and one Redis, as `npm run cluster` runs it.
 * Each player opens `#/` (the page, the registry and the page's catalogue calls), confirms a character
 * of its own, and buys the starter pack, a bundle of limit 1 per character, the way an impatient buyer
 * does: two orders at once, both paid at once. Reports p50/p99 of each call, the 5xx answers, the
 * characters that got more than one pack (oversold), and the catalogue tables' reads in PostgreSQL
 * during the sale (the catalogue is served from each instance's memory). Writes the sale section of
 * docs/benchmarks.md.
 *
 * BENCH_INSTANCE_NODE_OPTIONS is each instance's NODE_OPTIONS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/sale-profile`
 * for a CPU profile of every instance, written when the cluster stops.
 */
import { request } from 'node:http';
import os from 'node:os';
import { Client } from 'pg';
import { machineLine, writeSection } from '../../scripts/bench/benchmarks-doc';
import { startCluster } from '../src/cluster/store-cluster';
import { api, pay, type ApiPayload } from '../src/chaos/store-client';
import { clusterPrerequisites, inSchema, redisAnswers } from './cluster-schema';
import { clientDelay, cpuShares, probe, type CpuShares, type ProbeFigures } from './where-time-goes';

const PLAYERS = Number(process.env.BENCH_PLAYERS || 2000);
const WINDOW_SECONDS = Number(process.env.BENCH_SALE_SECONDS || 60);
const INSTANCES = Number(process.env.BENCH_INSTANCES || 3);
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

const GAME = { game_id: 18, area: 'us' } as const;
const SERVER_ID = '1801';
/** Limit 1 per character, ever (the demo catalogue's starter pack). */
const PACK = '18-us-starter-pack';
/** The catalogue's tables: a sale reads none of them from PostgreSQL when the catalogue is in memory. */
const CATALOGUE_TABLES = ['games', 'game_areas', 'servers', 'product_tabs', 'pay_types', 'bundles', 'banners', 'store_settings'];

/** One call's outcome. */
interface Call {
  readonly name: string;
  readonly ms: number;
  /** HTTP status, or 0 for a network error or a timeout. */
  readonly status: number;
  readonly ret: number | null;
  /** The instance that answered; null when HAProxy answered itself (no instance in time). */
  readonly servedBy: string | null;
}

const calls: Call[] = [];

async function timed<T extends { status: number; ret?: number; servedBy?: string | null }>(name: string, work: () => Promise<T>): Promise<T | null> {
  const started = performance.now();
  try {
    const answer = await work();
    calls.push({ name, ms: performance.now() - started, status: answer.status, ret: answer.ret ?? null, servedBy: answer.servedBy ?? null });
    return answer;
  } catch (error) {
    const { status = 0, servedBy = null } = error as { status?: number; servedBy?: string | null };
    calls.push({ name, ms: performance.now() - started, status, ret: null, servedBy });
    return null;
  }
}

/** A player's client address: 127.1.x.y, one per player (the store counts its limits per address). */
const addressOf = (index: number) => `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
const roleOf = (index: number) => `18019${String(index).padStart(5, '0')}`;

function getPage(url: string, path: string, localAddress: string): Promise<{ status: number; servedBy: string | null }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${url}${path}`, { localAddress, timeout: 30_000, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      response.resume();
      const servedBy = response.headers['x-served-by'];
      response.on('end', () => resolve({ status: response.statusCode ?? 0, servedBy: typeof servedBy === 'string' ? servedBy : null }));
      response.on('error', reject);
    });
    sent.once('timeout', () => sent.destroy(new Error(`${path} took longer than 30 s`)));
    sent.once('error', reject);
    sent.end();
  });
}

interface PlayerOutcome {
  readonly paid: number;
}

async function player(url: string, index: number): Promise<PlayerOutcome> {
  const from = { localAddress: addressOf(index), timeoutMs: 30_000 };
  const call = (name: string, action: string, payload: ApiPayload) => timed(name, () => api<unknown>(url, action, payload, from));
  // Opening #/: the page, the registry, then the page's catalogue calls side by side.
  await timed('GET /', () => getPage(url, '/', from.localAddress));
  await timed('GET /mf/registry.json', () => getPage(url, '/mf/registry.json', from.localAddress));
  await Promise.all([
    call('banners', 'banners', { ...GAME }),
    call('getTab', 'getTab', { ...GAME, type: '', role_id: '', ln_uid: '' }),
    call('getPayPrice', 'getPayPrice', { ...GAME, type: '', role_id: '', ln_uid: '' }),
    call('getServerList', 'getServerList', { ...GAME, region: '' }),
  ]);
  const role = await timed('getRoleInfo', () => api<{ uid: string }>(url, 'getRoleInfo', { ...GAME, server_id: SERVER_ID, role_id: roleOf(index), server_sign: '' }, from));
  if (!role || role.ret !== 0) return { paid: 0 };
  const character = { ...GAME, server_id: SERVER_ID, role_id: roleOf(index), uid: role.data.uid };
  await call('getPayPrice (character)', 'getPayPrice', { ...GAME, type: '', role_id: roleOf(index), ln_uid: role.data.uid });
  // Two orders at once for a bundle of limit 1, both paid at once: one may go through, never both.
  const orders = await Promise.all(
    [1, 2].map((attempt) =>
      timed('createOrder', () => api<{ order_id: string; pay_url: string }>(url, 'createOrder', { ...character, product_id: PACK, pay_type: 'card', discount_code: '', order_token: `sale-${index}-${attempt}` }, from)),
    ),
  );
  const placed = orders.filter((order) => order?.ret === 0).map((order) => order!.data);
  const paid = await Promise.all(
    placed.map((order) =>
      timed('pay (sandbox checkout)', async () => {
        const answer = await pay(url, order, 'paid', 30_000);
        return { status: answer.status, servedBy: answer.headers.get('x-served-by') };
      }),
    ),
  );
  return { paid: paid.filter((answer) => answer && answer.status < 400).length };
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function catalogueReads(db: Client): Promise<Map<string, number>> {
  const rows = await db.query<{ relname: string; reads: string }>(
    `SELECT relname, (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text AS reads FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = ANY($1)`,
    [CATALOGUE_TABLES],
  );
  return new Map(rows.rows.map((row) => [row.relname, Number(row.reads)]));
}

/**
 * The reads once PostgreSQL has published every backend's statistics: a backend that went idle sends
 * its counts up to ten seconds later, so the figures are read until they stay still for 11 s (at most 40 s).
 */
async function settledReads(db: Client): Promise<Map<string, number>> {
  let last = await catalogueReads(db);
  let steady = 0;
  for (let waited = 0; waited < 40 && steady < 11; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await catalogueReads(db);
    steady = CATALOGUE_TABLES.every((table) => now.get(table) === last.get(table)) ? steady + 1 : 0;
    last = now;
  }
  return last;
}

interface SaleResult {
  readonly elapsedMs: number;
  readonly outcomes: readonly PlayerOutcome[];
  readonly oversold: number;
  readonly charactersWithPack: number;
  /** The sale's orders by status once the sale is over. */
  readonly statuses: ReadonlyMap<string, number>;
  readonly catalogueReads: ReadonlyMap<string, number>;
  readonly redis: boolean;
  /** Where the sale's time went (server/bench/where-time-goes.ts). */
  readonly cpu: CpuShares;
  readonly clientDelay: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly probe: ProbeFigures;
  /** PostgreSQL's costliest statements during the sale, when pg_stat_statements is loaded; else why not. */
  readonly statements: Statements | string;
}

interface Statements {
  /** The costliest, by time inside PostgreSQL. */
  readonly top: readonly StatementCost[];
  /** Every statement PostgreSQL ran in the sale's database, and its explicit transactions' COMMITs. */
  readonly calls: number;
  readonly commits: number;
}

interface StatementCost {
  readonly query: string;
  readonly calls: number;
  readonly totalMs: number;
}

/** Empties pg_stat_statements' counts before the sale; false (and why) when PostgreSQL does not load it. */
async function statementsBefore(db: Client): Promise<true | string> {
  const [loaded] = (await db.query<{ libraries: string }>("SELECT current_setting('shared_preload_libraries') AS libraries")).rows;
  if (!loaded?.libraries.split(',').some((library) => library.trim() === 'pg_stat_statements')) {
    return "not measured: this PostgreSQL does not load pg_stat_statements (shared_preload_libraries = 'pg_stat_statements' shows them)";
  }
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements WITH SCHEMA public');
    await db.query('SELECT public.pg_stat_statements_reset()');
    return true;
  } catch (error) {
    return `not measured: ${(error as Error).message}`;
  }
}

async function statementsAfter(db: Client, before: true | string): Promise<Statements | string> {
  if (before !== true) return before;
  const rows = await db.query<{ query: string; calls: string; total: number }>(
    `SELECT query, calls::text, total_exec_time AS total FROM public.pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY total_exec_time DESC LIMIT 12`,
  );
  const all = await db.query<{ calls: string; commits: string }>(
    `SELECT sum(calls)::text AS calls, coalesce(sum(calls) FILTER (WHERE query = 'COMMIT'), 0)::text AS commits FROM public.pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return {
    top: rows.rows.map((row) => ({ query: row.query.replace(/\s+/g, ' ').slice(0, 140), calls: Number(row.calls), totalMs: row.total })),
    calls: Number(all.rows[0]?.calls ?? 0),
    commits: Number(all.rows[0]?.commits ?? 0),
  };
}

async function runSale(): Promise<SaleResult> {
  const redisUrl = (await redisAnswers(REDIS_URL)) ? REDIS_URL : null;
  if (!redisUrl) console.warn(`!!! No Redis answers at ${REDIS_URL} (BENCH_REDIS_URL): each instance counts its own limits. !!!`);
  return inSchema(`bench_sale_${process.pid}`, async (databaseUrl) => {
    const cluster = await startCluster({
      instances: INSTANCES,
      env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `bench-sale-${process.pid}:`, NODE_ENV: 'development', LOG: 'off', SEED_DEMO: 'on', NODE_OPTIONS: process.env.BENCH_INSTANCE_NODE_OPTIONS ?? '' },
    });
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      // A character of its own for every player, on server 1801 of the sandbox game.
      await db.query(
        `INSERT INTO sandbox_roles (game_id, server_id, role_id, role_name, uid, last_login_at)
         SELECT 18, $1, '18019' || lpad(i::text, 5, '0'), 'Sale Player ' || i, 'sale-' || i, now() FROM generate_series(0, $2 - 1) AS i`,
        [SERVER_ID, PLAYERS],
      );
      // Warm: each instance has read its catalogue before the doors open.
      for (let round = 0; round < INSTANCES * 2; round += 1) await api(cluster.url, 'getTab', { ...GAME, type: '', role_id: '', ln_uid: '' });
      const page = await getPage(cluster.url, '/', '127.0.0.1');
      if (page.status !== 200) throw new Error(`GET / answers ${page.status}: build the pages first (\`npm run build\`).`);
      const before = await settledReads(db);
      const statements = await statementsBefore(db);
      const machine = cpuShares(() => cluster.instances.flatMap((instance) => (instance.child.pid ? [instance.child.pid] : [])));
      const delay = clientDelay();
      const probing = probe(cluster.instances[0]!.url, cluster.url);
      const started = performance.now();
      console.log(`${PLAYERS} players arrive within ${WINDOW_SECONDS} s at ${INSTANCES} instances behind HAProxy…`);
      const outcomes = await Promise.all(
        Array.from({ length: PLAYERS }, (_, index) =>
          new Promise<PlayerOutcome>((resolve) => setTimeout(() => resolve(player(cluster.url, index)), Math.random() * WINDOW_SECONDS * 1000)),
        ),
      );
      const elapsedMs = performance.now() - started;
      const cpu = machine.stop();
      const delayed = delay.stop();
      const probed = await probing.stop();
      const after = await settledReads(db);
      const topStatements = await statementsAfter(db, statements);
      const reads = new Map(CATALOGUE_TABLES.map((table) => [table, (after.get(table) ?? 0) - (before.get(table) ?? 0)]));
      const packs = await db.query<{ role_id: string; n: number }>(
        `SELECT role_id, count(*)::int AS n FROM orders WHERE product_id = $1 AND order_token LIKE 'sale-%' AND status IN ('paid', 'delivering', 'delivered') GROUP BY role_id`,
        [PACK],
      );
      const statuses = await db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM orders WHERE order_token LIKE 'sale-%' GROUP BY status ORDER BY n DESC`);
      return {
        elapsedMs,
        statuses: new Map(statuses.rows.map((row) => [row.status, row.n])),
        outcomes,
        oversold: packs.rows.filter((row) => row.n > 1).length,
        charactersWithPack: packs.rows.length,
        catalogueReads: reads,
        redis: Boolean(redisUrl),
        cpu,
        clientDelay: delayed,
        probe: probed,
        statements: topStatements,
      };
    } finally {
      await db.end();
      await cluster.stop();
    }
  });
}

function render(result: SaleResult, haproxy: string, loadAtStart: number): string {
  const names = [...new Set(calls.map((call) => call.name))];
  const lines = [
    '## Sale day: 2,000 players buying one limited bundle within a minute',
    '',
    `Measured by \`npm run bench:sale\` (${machineLine()}; load average ${loadAtStart.toFixed(1)} when it started). ` +
      `**Everything runs on this machine's ${os.cpus().length} cores**: the ${PLAYERS.toLocaleString('en-US')} players' client, ${haproxy}, ${INSTANCES} store instances, PostgreSQL 15 and ` +
      `${result.redis ? 'Redis (every rate limit counted there, at its default)' : 'NO Redis (each instance counted its own limits)'}. ` +
      `Each player arrives at a random moment within ${WINDOW_SECONDS} s from a client address of its own, opens \`#/?game_id=18&area=us\` ` +
      '(the page, `/mf/registry.json`, then `banners`, `getTab`, `getPayPrice` and `getServerList` at once, as the page asks them), confirms a character of its own ' +
      `(\`getRoleInfo\`, then the character's prices), and buys the starter pack (limit 1 per character) as an impatient buyer does: two orders at once, both paid at once on the sandbox checkout. ` +
      `All ${PLAYERS.toLocaleString('en-US')} had arrived and finished ${(result.elapsedMs / 1000).toFixed(1)} s after the doors opened.`,
    '',
    '| call | calls | p50 (ms) | p99 (ms) | 5xx from the store | 5xx from HAProxy | no answer in 30 s or connection lost | refused (4xx, ret ≠ 0) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const name of names) {
    const mine = calls.filter((call) => call.name === name);
    const sorted = mine.map((call) => call.ms).sort((a, b) => a - b);
    const store = mine.filter((call) => call.status >= 500 && call.servedBy !== null).length;
    const balancer = mine.filter((call) => call.status >= 500 && call.servedBy === null).length;
    const network = mine.filter((call) => call.status === 0).length;
    const refused = mine.filter((call) => (call.status >= 400 && call.status < 500) || (call.ret !== null && call.ret !== 0)).length;
    lines.push(
      `| ${name} | ${mine.length.toLocaleString('en-US')} | ${Math.round(percentile(sorted, 50))} | ${Math.round(percentile(sorted, 99))} | ${store} | ${balancer} | ${network} | ${refused} |`,
    );
  }
  const paidTwice = result.outcomes.filter((outcome) => outcome.paid > 1).length;
  const statuses = [...result.statuses].map(([status, count]) => `${status} ${count.toLocaleString('en-US')}`).join(', ');
  const reads = [...result.catalogueReads].map(([table, count]) => `${table} ${count}`).join(', ');
  lines.push(
    '',
    `**Oversold: ${result.oversold}** characters hold more than one pack (${result.charactersWithPack.toLocaleString('en-US')} of ${PLAYERS.toLocaleString('en-US')} characters hold exactly one). ` +
      `The sale's orders afterwards: ${statuses}. The checkout took both payments of ${paidTwice.toLocaleString('en-US')} players; of each such pair the store kept one and declined the other, refunding it (docs/orders.md, a payment that would pass a limit). ` +
      '"Refused" are answers a player can get on a sale day: a rate limit (429), an order refused at once; a second payment is not refused at the checkout but declined and refunded afterwards.',
    '',
    `**Catalogue reads in PostgreSQL during the sale** (sequential and index scans of each catalogue table, from \`pg_stat_user_tables\`): ${reads}. ` +
      'The catalogue calls (`banners`, `getTab`, `getPayPrice`, `getServerList`) are answered from each instance\'s memory. `servers` is read by the sandbox game, which stands in for ' +
      'the publisher\'s game server and looks each character up (`getRoleInfo` and every order); `bundles` by the order core, which checks a bundle\'s limit against the paid orders ' +
      'in PostgreSQL so that the limit stays exact across instances. The figures are read once PostgreSQL has published every backend\'s statistics, before and after.',
  );
  const cores = [...result.cpu.meanCores].sort((a, b) => b[1] - a[1]).map(([kind, used]) => `${kind} ${used.toFixed(2)}`).join(', ');
  const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
  const { direct, balancer } = result.probe;
  lines.push(
    '',
    `**Where the time went** (server/bench/where-time-goes.ts, over the ${Math.round(result.cpu.seconds)} s of the sale). ` +
      `CPU used, in cores (this machine has ${os.cpus().length}): ${cores}; the machine was idle ${(100 * result.cpu.idle).toFixed(0)} % of the time, ` +
      `${(100 * result.cpu.idleBusiest10s).toFixed(0)} % in its busiest 10 s. ` +
      `A process of its own, idle but for this, asked \`GET /healthz\` every 250 ms: of store-1 directly p50 ${ms(direct.p50)}, p99 ${ms(direct.p99)} ` +
      `(${direct.count} answers, ${direct.failed} failed); through HAProxy p50 ${ms(balancer.p50)}, p99 ${ms(balancer.p99)} (${balancer.count} answers, ${balancer.failed} failed). ` +
      `The players' client's own event loop was late by p50 ${ms(result.clientDelay.p50)}, p99 ${ms(result.clientDelay.p99)} (max ${ms(result.clientDelay.max)}): ` +
      'an answer that has arrived waits that long before the client times it, and every figure above includes it.',
  );
  if (typeof result.statements === 'string') lines.push('', `PostgreSQL's statements: ${result.statements}.`);
  else {
    lines.push(
      '',
      `PostgreSQL ran ${result.statements.calls.toLocaleString('en-US')} statements in the sale's database during the sale (${(result.statements.calls / PLAYERS).toFixed(1)} per player; ` +
        `${result.statements.commits.toLocaleString('en-US')} explicit transactions), ${Math.round(result.statements.calls / result.cpu.seconds).toLocaleString('en-US')} a second. ` +
        `Its costliest statements (pg_stat_statements; time inside PostgreSQL, waiting for a lock included; all instances and the sandbox game together):`,
      '',
      '| statement (start) | calls | total (ms) | mean (ms) |',
      '|---|---:|---:|---:|',
      ...result.statements.top.map(
        (row) => `| \`${row.query.replace(/\|/g, '\\|').replace(/`/g, "'")}\` | ${row.calls.toLocaleString('en-US')} | ${Math.round(row.totalMs).toLocaleString('en-US')} | ${(row.totalMs / Math.max(1, row.calls)).toFixed(2)} |`,
      ),
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const haproxy = await clusterPrerequisites();
  const result = await runSale();
  const section = render(result, haproxy, loadAtStart);
  console.log(`\n${section}`);
  writeSection('sale', section);
  console.log('\nWrote the sale section of docs/benchmarks.md');
  if (result.oversold > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
