/**
 * `npm run bench:orders`: orders placed per second and their latency at 50 concurrent clients,
 * webhook-to-delivered latency, and the server's peak memory, on PGlite and on PostgreSQL.
 * Writes the orders section of docs/benchmarks.md.
 *
 * BENCH_SECONDS (default 10) per round, BENCH_ROUNDS (default 3; the median round is reported),
 * BENCH_CONNECTIONS (default 50), BENCH_WEBHOOKS (default 300),
 * BENCH_DATABASE_URL (default the local PostgreSQL 15 at postgres://postgres@127.0.0.1:5432/test),
 * BENCH_BASELINE (a git ref: the store at that commit is measured first on each database, then this
 * tree, and both go into the section), BENCH_NOTE (a paragraph written under the table).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { sign } from '@topup/shared/sign';
import type { CreatedOrder, OrderInfo } from '@topup/shared/types';
import { machineLine, writeSection } from '../../scripts/bench/benchmarks-doc';
import { demoBuyers as buyers, orderBody, placeOrders, type Buyer, type Placing } from './order-load';
import { onEachDatabase, withFreshStorage } from './each-database';
import { treesToMeasure, type StoreTree } from './baseline-tree';
import { DEV_WEBHOOK_SECRET } from '../src/orders/order-settings';
import { signWebhook } from '../src/payments/webhook-signature';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS || 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const APP_KEY = 'topup-dev-key';

interface DatabaseRun {
  readonly database: string;
  /** Which store was measured: "baseline <commit>" or "this tree <commit>". */
  readonly store: string;
  readonly ordersPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly placed: number;
  readonly answered: number;
  readonly failures: number;
  readonly deliveredP50: number;
  readonly deliveredP99: number;
  readonly delivered: number;
  readonly peakRssMb: number;
  /** Every round's orders/s and p99, in the order they ran. */
  readonly rounds: ReadonlyArray<{ readonly ordersPerSecond: number; readonly p99: number }>;
}

interface Server {
  readonly url: string;
  readonly child: ChildProcess;
}

function startServer(tree: StoreTree, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(tree.root, 'server', 'bench', 'orders-bench-server.ts')], {
    cwd: tree.root,
    env: { ...process.env, LOG: 'off', NODE_ENV: 'development', DATABASE_URL: '', NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve({ url: `http://127.0.0.1:${match[1]}`, child });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}: ${output}`)));
  });
}

async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function post<T>(url: string, action: string, body: string): Promise<T> {
  const answer = (await (await fetch(`${url}/api/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()) as {
    ret: number;
    data: T;
    msg: string;
  };
  if (answer.ret !== 0) throw new Error(`${action}: ret ${answer.ret} ${answer.msg}`);
  return answer.data;
}

interface DeliveryStats {
  orders: number;
  delivered: number;
  p50: number | null;
  p99: number | null;
}

/** Places orders, then pays each by a signed webhook, 20 at a time, and waits for every mail. */
async function webhookToDelivered(url: string, everyone: readonly Buyer[]): Promise<DeliveryStats> {
  const prefix = 'bench-webhook-';
  const orders: OrderInfo[] = [];
  for (let start = 0; start < WEBHOOKS; start += 20) {
    const batch = Array.from({ length: Math.min(20, WEBHOOKS - start) }, (_, index) => everyone[(start + index) % everyone.length]!);
    const placed = await Promise.all(batch.map((buyer) => post<CreatedOrder>(url, 'createOrder', orderBody(buyer, prefix))));
    const infos = await Promise.all(
      placed.map((order) => {
        const payload = { order_id: order.order_id };
        return post<OrderInfo>(url, 'orderInfo', JSON.stringify({ ...payload, sign: sign(payload, APP_KEY) }));
      }),
    );
    orders.push(...infos);
  }
  for (let start = 0; start < orders.length; start += 20) {
    await Promise.all(
      orders.slice(start, start + 20).map(async (order) => {
        const raw = JSON.stringify({ id: `bench-${order.order_id}`, type: 'payment.paid', order_id: order.order_id, amount: order.amount, currency: order.currency, created_at: new Date().toISOString() });
        const response = await fetch(`${url}/webhooks/payments/sandbox`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sandbox-signature': signWebhook(raw, DEV_WEBHOOK_SECRET) },
          body: raw,
        });
        if (!response.ok) throw new Error(`webhook answered ${response.status}`);
      }),
    );
  }
  // Every webhook was answered 200, so every delivery is in the outbox: wait until it is empty.
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const { jobs } = (await (await fetch(`${url}/bench/outbox`)).json()) as { jobs: number };
    if (jobs === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return (await (await fetch(`${url}/bench/delivery?prefix=${prefix}`)).json()) as DeliveryStats;
}

/** Fresh storage for each store after the first (which uses the storage made for this database). */
async function withStorages<T>(env: Record<string, string>, count: number, run: (envs: Array<Record<string, string>>) => Promise<T>, made: Array<Record<string, string>> = [env]): Promise<T> {
  if (made.length >= count) return run(made);
  return withFreshStorage(env, `store${made.length}`, (own) => withStorages(env, count, run, [...made, own]));
}

/**
 * Every store (the baselines and this tree) runs at once, each in its own process on its own storage;
 * the rounds take turns store by store (A B C, A B C, …), so that a machine whose other load changes
 * during the run weighs on each store alike. Only one store is under load at any time.
 */
async function benchDatabase(database: string, trees: readonly StoreTree[], env: Record<string, string>): Promise<DatabaseRun[]> {
  return withStorages(env, trees.length, async (envs) => {
    console.log(`\n== ${database}: ${trees.map((tree) => tree.label).join(', ')} ==`);
    const servers: Server[] = [];
    try {
      for (const [index, tree] of trees.entries()) servers.push(await startServer(tree, envs[index]!));
      const everyone = await buyers(servers[0]!.url);
      for (const server of servers) {
        await post<CreatedOrder>(server.url, 'createOrder', orderBody(everyone[0]!, 'bench-check-'));
        await placeOrders(server.url, everyone, 'bench-warmup-', Math.min(3, SECONDS), CONNECTIONS);
      }
      const rounds: Array<Array<Placing & { placed: number }>> = trees.map(() => []);
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const [index, server] of servers.entries()) {
          const prefix = `bench-run${round}-`;
          const placing = await placeOrders(server.url, everyone, prefix, SECONDS, CONNECTIONS);
          // Refusals answer HTTP 200 too: the orders actually written are counted in the database.
          const placed = ((await (await fetch(`${server.url}/bench/delivery?prefix=${prefix}`)).json()) as DeliveryStats).orders;
          console.log(
            `round ${round}  ${trees[index]!.label.padEnd(24)} ${Math.round(placing.requestsPerSecond)} orders/s  p50 ${placing.p50} ms  p99 ${placing.p99} ms  answered ${placing.answered}  orders written ${placed}  failures ${placing.failures}`,
          );
          rounds[index]!.push({ ...placing, placed });
        }
      }
      const runs: DatabaseRun[] = [];
      for (const [index, server] of servers.entries()) {
        const own = rounds[index]!;
        const placing = [...own].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(own.length / 2)]!;
        const delivery = await webhookToDelivered(server.url, everyone);
        const memory = (await (await fetch(`${server.url}/bench/memory`)).json()) as { maxRssKb: number };
        const peakRssMb = Math.round(memory.maxRssKb / 1024);
        console.log(`${trees[index]!.label}: webhook → delivered  p50 ${delivery.p50?.toFixed(1)} ms  p99 ${delivery.p99?.toFixed(1)} ms  (${delivery.delivered}/${delivery.orders}); peak resident memory ${peakRssMb} MB`);
        runs.push({
          database,
          store: trees[index]!.label,
          ordersPerSecond: placing.requestsPerSecond,
          p50: placing.p50,
          p99: placing.p99,
          placed: placing.placed,
          answered: placing.answered,
          failures: placing.failures,
          deliveredP50: delivery.p50 ?? NaN,
          deliveredP99: delivery.p99 ?? NaN,
          delivered: delivery.delivered,
          peakRssMb,
          rounds: own.map((round) => ({ ordersPerSecond: round.requestsPerSecond, p99: round.p99 })),
        });
      }
      return runs;
    } finally {
      for (const server of servers) await stopServer(server);
    }
  });
}

function renderSection(runs: readonly DatabaseRun[], note: string): string {
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const lines = [
    '## Orders',
    '',
    `Measured by \`npm run bench:orders\` (${machineLine()}; load average ${os.loadavg()[0]?.toFixed(1)} when it started, other work shares the machine). ` +
      `The server runs alone in its own process with its default order settings on a fresh database with the demo; ` +
      `autocannon places signed \`createOrder\` requests from ${CONNECTIONS} connections in ${ROUNDS} rounds of ${SECONDS} s after a warm-up (the table shows the median round), ` +
      `each with its own order token, spread over every demo character (the character is looked up and its purchases counted each time). ` +
      `Then ${WEBHOOKS} orders are paid by signed webhooks, 20 at a time, and webhook-to-delivered is the time from the webhook's ` +
      'arrival (its payment event) to the order being delivered (the mail in the sandbox mailbox), from the server\'s own clock.',
    '',
  ];
  if (note) lines.push(`> ${note}`, '');
  lines.push(
    '| database | store | orders/s | p50 (ms) | p99 (ms) | answered | orders written | failures | webhook → delivered p50 (ms) | p99 (ms) | delivered | peak memory (MB) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const run of runs) {
    lines.push(
      `| ${run.database} | ${run.store} | ${Math.round(run.ordersPerSecond).toLocaleString('en-US')} | ${run.p50} | ${run.p99} | ${run.answered.toLocaleString('en-US')} | ${run.placed.toLocaleString('en-US')} | ${run.failures} | ${run.deliveredP50.toFixed(1)} | ${run.deliveredP99.toFixed(1)} | ${run.delivered}/${WEBHOOKS} | ${run.peakRssMb} |`,
    );
  }
  lines.push('');
  for (const run of runs) {
    lines.push(`${run.database}, ${run.store}, rounds: ${run.rounds.map((round) => `${Math.round(round.ordersPerSecond).toLocaleString('en-US')} orders/s (p99 ${round.p99} ms)`).join(', ')}.`);
  }
  lines.push(
    '',
    'On PostgreSQL the store reaches the database through a pool of 10 connections: 20 payments arriving together queue there with ' +
      'their deliveries, which is most of the webhook-to-delivered time; PGlite runs in the server process and answers at once.',
  );
  if (process.env.BENCH_NOTE) lines.push('', process.env.BENCH_NOTE);
  if (runs.some((run) => run.store.startsWith('baseline'))) {
    lines.push(
      '',
      "Each database ran the baseline (or the baselines, oldest first) and this tree at once, each in its own process on fresh storage of its own, and their rounds took turns (one store under load at a time), so that the machine's other work weighed on each alike.",
    );
  }
  const postgres = runs.filter((run) => run.database === 'PostgreSQL').at(-1);
  const pglite = runs.filter((run) => run.database === 'PGlite').at(-1);
  if (postgres) {
    lines.push(
      '',
      `Targets on PostgreSQL (issue 35), ${postgres.store}: ≥ 2,500 orders/s — ${verdict(postgres.ordersPerSecond >= 2500)}; p99 ≤ 50 ms — ${verdict(postgres.p99 <= 50)}; ` +
        `webhook-to-delivered p50 ≤ 1 s — ${verdict(postgres.deliveredP50 <= 1000)}.`,
    );
  }
  if (pglite) lines.push('', `Target on PGlite (issue 35), ${pglite.store}: ≥ 600 orders/s — ${verdict(pglite.ordersPerSecond >= 600)}.`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const trees = treesToMeasure();
  try {
    const { runs, postgresNote: note } = await onEachDatabase('bench_orders', (database, env) => benchDatabase(database, trees, env));
    writeSection('orders', renderSection(runs.flat(), note));
  } finally {
    for (const tree of trees) tree.remove();
  }
  console.log('\nWrote the orders section of docs/benchmarks.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
