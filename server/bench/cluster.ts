/**
 * `npm run bench:cluster`: orders placed per second and catalogue reads per second through HAProxy
 * in front of 1, 2 and 3 store instances on one PostgreSQL and one Redis (`npm run cluster`'s
 * layout), as ratios to one instance in the same run; one instance asked without the balancer shows
 * what HAProxy costs. Writes the cluster section of docs/benchmarks.md.
 *
 * BENCH_SECONDS (default 10) per scenario and round, BENCH_ROUNDS (default 3; the median round is
 * reported), BENCH_CONNECTIONS (default 50), BENCH_INSTANCES (default 3: clusters of 1 up to it),
 * BENCH_DATABASE_URL (default the local PostgreSQL 15), BENCH_REDIS_URL (default redis://127.0.0.1:6379).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { sign } from '@topup/shared/sign';
import { machineLine, writeSection } from '../../scripts/bench/benchmarks-doc';
import { startCluster } from '../src/cluster/store-cluster';
import { clusterPrerequisites, inSchema, redisAnswers } from './cluster-schema';
import { demoBuyers, orderBody, placeOrders, type Placing } from './order-load';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const MAX_INSTANCES = Number(process.env.BENCH_INSTANCES || 3);
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
const APP_KEY = 'topup-dev-key';
const UNLIMITED = '1000000000';

const CATALOGUE_READ = (() => {
  const payload = { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' };
  return JSON.stringify({ ...payload, sign: sign(payload, APP_KEY) });
})();

interface Measured {
  readonly perSecond: number;
  readonly p99: number;
  readonly failures: number;
}

interface SizeRun {
  /** "1 (no balancer)", "1", "2", "3" */
  readonly label: string;
  readonly instances: number;
  readonly balanced: boolean;
  readonly orders: Measured;
  /** Orders the database holds from the measured rounds, against the answers counted. */
  readonly ordersWritten: number;
  readonly ordersAnswered: number;
  readonly reads: Measured;
  /** Every round's orders/s and catalogue reads/s, in the order they ran. */
  readonly rounds: ReadonlyArray<{ readonly orders: number; readonly reads: number }>;
}

function readCatalogue(url: string, seconds: number): Promise<Measured> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${url}/api/getPayPrice`, method: 'POST', connections: CONNECTIONS, duration: seconds, headers: { 'content-type': 'application/json' }, body: CATALOGUE_READ },
      (error, result) => {
        if (error) return reject(error);
        resolve({ perSecond: result.requests.average, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx });
      },
    );
  });
}

const median = <T>(values: readonly T[], by: (value: T) => number): T => [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
const fromPlacing = (placing: Placing): Measured => ({ perSecond: placing.requestsPerSecond, p99: placing.p99, failures: placing.failures });

async function measureAt(url: string, label: string, countOrders: (prefix: string) => Promise<number>): Promise<Omit<SizeRun, 'instances' | 'balanced'>> {
  const everyone = await demoBuyers(url);
  const check = await (await fetch(`${url}/api/createOrder`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: orderBody(everyone[0]!, 'bench-check-') })).json();
  if ((check as { ret: number }).ret !== 0) throw new Error(`createOrder answered ${JSON.stringify(check)}`);
  await placeOrders(url, everyone, 'bench-warmup-', Math.min(3, SECONDS), CONNECTIONS);
  await readCatalogue(url, Math.min(2, SECONDS));
  const orders: Array<Placing & { written: number }> = [];
  const reads: Measured[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const prefix = `bench-${label.replace(/\W/g, '')}-r${round}-`;
    const placing = await placeOrders(url, everyone, prefix, SECONDS, CONNECTIONS);
    const written = await countOrders(prefix);
    const read = await readCatalogue(url, SECONDS);
    console.log(
      `${label.padEnd(16)} round ${round}  orders ${Math.round(placing.requestsPerSecond)}/s (p99 ${placing.p99} ms, written ${written}/${placing.answered})  ` +
        `catalogue ${Math.round(read.perSecond)}/s (p99 ${read.p99} ms)  failures ${placing.failures + read.failures}`,
    );
    orders.push({ ...placing, written });
    reads.push(read);
  }
  const placing = median(orders, (round) => round.requestsPerSecond);
  return {
    label,
    orders: fromPlacing(placing),
    ordersWritten: placing.written,
    ordersAnswered: placing.answered,
    reads: median(reads, (round) => round.perSecond),
    rounds: orders.map((round, index) => ({ orders: round.requestsPerSecond, reads: reads[index]!.perSecond })),
  };
}

async function benchSize(instances: number, redisUrl: string | null): Promise<SizeRun[]> {
  return inSchema(`bench_cluster_${process.pid}_${instances}`, async (databaseUrl, countOrders) => {
    const cluster = await startCluster({
      instances,
      env: {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl ?? '',
        REDIS_PREFIX: `bench-cluster-${process.pid}-${instances}:`,
        NODE_ENV: 'development',
        LOG: 'off',
        SEED_DEMO: 'on',
        // Many orders per character and per address, unthrottled, like the role lookups.
        ROLE_LOOKUPS_PER_MINUTE: UNLIMITED,
        ORDERS_PER_MINUTE: UNLIMITED,
        ORDERS_PER_MINUTE_PER_CHARACTER: UNLIMITED,
        UNPAID_ORDERS_PER_CHARACTER: UNLIMITED,
      },
    });
    try {
      const runs: SizeRun[] = [];
      if (instances === 1) {
        const direct = cluster.instances[0]!;
        runs.push({ ...(await measureAt(direct.url, '1 (no balancer)', countOrders)), instances, balanced: false });
      }
      runs.push({ ...(await measureAt(cluster.url, `${instances} behind HAProxy`, countOrders)), label: String(instances), instances, balanced: true });
      return runs;
    } finally {
      await cluster.stop();
    }
  });
}

function renderSection(runs: readonly SizeRun[], redisUrl: string | null, haproxy: string, loadAtStart: number): string {
  const one = runs.find((run) => run.balanced && run.instances === 1);
  const ratio = (value: number, base: number | undefined) => (base ? `${(value / base).toFixed(2)}×` : '—');
  const lines = [
    '## Cluster: 1, 2 and 3 instances behind HAProxy',
    '',
    `Measured by \`npm run bench:cluster\` (${machineLine()}; load average ${loadAtStart.toFixed(1)} when it started, other work shares the machine). ` +
      `**This machine has ${os.cpus().length} cores**, and everything runs on them together: autocannon (the client), ${haproxy}, every store instance, ` +
      `PostgreSQL 15 and Redis, so the figures say what a third instance costs and gives on one small box, not how a cluster of machines scales. ` +
      `Each cluster starts as \`npm run cluster\` starts it (deploy/haproxy.cfg, round robin) on a fresh PostgreSQL schema with the demo, ` +
      `${redisUrl ? 'its rate limits counted in Redis (every request counts against them there, with the limits set out of reach)' : 'WITHOUT Redis (nothing answered at BENCH_REDIS_URL): each instance counted its own limits'}. ` +
      `autocannon drives ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per scenario after a warm-up (the median round is shown): ` +
      'signed `createOrder` requests, each with its own order token, spread over every demo character; and `getPayPrice` without a character (a catalogue read, answered from memory). ' +
      'The ratios are against one instance behind HAProxy in the same run.',
    '',
    '| instances | orders/s | vs 1 | p99 (ms) | orders written | catalogue reads/s | vs 1 | p99 (ms) | failures |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const run of runs) {
    lines.push(
      `| ${run.label} | ${Math.round(run.orders.perSecond).toLocaleString('en-US')} | ${run.balanced ? ratio(run.orders.perSecond, one?.orders.perSecond) : '—'} | ${run.orders.p99} | ` +
        `${run.ordersWritten.toLocaleString('en-US')}/${run.ordersAnswered.toLocaleString('en-US')} | ` +
        `${Math.round(run.reads.perSecond).toLocaleString('en-US')} | ${run.balanced ? ratio(run.reads.perSecond, one?.reads.perSecond) : '—'} | ${run.reads.p99} | ${run.orders.failures + run.reads.failures} |`,
    );
  }
  lines.push('');
  for (const run of runs) {
    const rounds = run.rounds.map((round) => `${Math.round(round.orders).toLocaleString('en-US')} orders/s and ${Math.round(round.reads).toLocaleString('en-US')} reads/s`);
    lines.push(`${run.balanced ? `${run.label} behind HAProxy` : run.label}, every round: ${rounds.join('; ')}.`);
  }
  lines.push(
    '',
    'What bounds each: a catalogue read never leaves its instance, and one Node process works on one core, so a second instance can take ' +
      'the other core (shared with autocannon and HAProxy); an order also waits on PostgreSQL and Redis, which run on the same two cores. ' +
      'On separate machines each instance brings its own cores, and the database and Redis are what the instances share.',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const haproxy = await clusterPrerequisites();
  const redisUrl = (await redisAnswers(REDIS_URL)) ? REDIS_URL : null;
  if (!redisUrl) console.warn(`!!! No Redis answers at ${REDIS_URL} (BENCH_REDIS_URL): the instances count their limits alone. !!!`);
  const runs: SizeRun[] = [];
  for (let instances = 1; instances <= MAX_INSTANCES; instances += 1) {
    console.log(`\n== ${instances} instance${instances > 1 ? 's' : ''} ==`);
    runs.push(...(await benchSize(instances, redisUrl)));
  }
  writeSection('cluster', renderSection(runs, redisUrl, haproxy, loadAtStart));
  console.log('\nWrote the cluster section of docs/benchmarks.md');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
