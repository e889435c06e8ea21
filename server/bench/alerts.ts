/**
 * `npm run bench:alerts`: what the alert watches cost on PostgreSQL with a year of orders. A schema of its
 * own gets the migrations, the demo catalogue and BENCH_ALERTS_ORDERS orders (default 1,000,000, delivered
 * over the last year, each with its timeline's delivery events; 1 % of them retried once), then
 * - the failing-deliveries watch (`watchDeliveries`, every ALERT_WATCH_INTERVAL), BENCH_ALERTS_RUNS times
 *   (default 50): p50, p95, max;
 * - the reconciliation watch (`watchReconciliation`, every ALERT_RECONCILE_INTERVAL), 5 times;
 * each in its own transaction, as the cluster chore runs it. Writes the "Back office: alerts" section of
 * docs/benchmarks.md. The schema is dropped at the end.
 */
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { machineLine, writeSection } from '../../scripts/bench/benchmarks-doc';
import { POSTGRES_URL } from './each-database';
import { DEFAULT_DELIVERY_ALERTS, watchDeliveries, watchReconciliation } from '../src/alerts';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openPostgresDb } from '../src/db/postgres-db';
import { seedDemo } from '../src/sandbox/seed/seed-demo';

const ORDERS = Number(process.env.BENCH_ALERTS_ORDERS || 1_000_000);
const RUNS = Number(process.env.BENCH_ALERTS_RUNS || 50);
const GIVE_UP_MS = 24 * 3_600_000;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function timedRuns(db: Db, runs: number, work: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await db.transaction(async (tx) => {
      await work(tx);
    });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Delivered orders over the last year with their delivery events, one INSERT … SELECT each. */
async function generate(db: Db, count: number): Promise<void> {
  const [bundle] = await db.query<{ id: number; game_id: number; area: string; product_id: string; price_minor: number }>(
    `SELECT id, game_id, area, product_id, price_minor FROM bundles WHERE active ORDER BY id LIMIT 1`,
  );
  if (!bundle) throw new Error('the demo catalogue has no bundle');
  await db.query(
    `INSERT INTO orders (order_id, game_id, area, server_id, role_id, bundle_id, product_id, amount_minor, currency, status,
                         created_at, updated_at, paid_at, delivering_at, mail_sent_at, delivered_at, mail_id)
     SELECT 'B' || n, 1 + n % 12, $2, 's1', 'r' || (n % 50000), $3, $4, $5, 'USD', 'delivered',
            at, at, at, at, at, at + interval '2 seconds', 'mail-' || n
       FROM (SELECT n, now() - interval '365 days' * (($1::int - n + random()) / $1::int) AS at FROM generate_series(1, $1::int) AS n) AS g`,
    [count, bundle.area, bundle.id, bundle.product_id, bundle.price_minor],
  );
  await db.query(
    `INSERT INTO order_events (order_id, event, attempt, at)
     SELECT order_id, 'delivered', 1, delivered_at FROM orders WHERE order_id LIKE 'B%'
     UNION ALL
     SELECT order_id, 'delivery_retry', 1, paid_at FROM orders WHERE order_id LIKE 'B%' AND random() < 0.01`,
  );
  // As autovacuum would have by then: every table's statistics, the small ones' too.
  await db.query('ANALYZE');
}

async function main(): Promise<void> {
  const schema = `bench_alerts_${process.pid}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  let db: Db | null = null;
  try {
    db = await openPostgresDb({ connectionString: POSTGRES_URL, schema, maxConnections: 2 });
    await migrate(db);
    await seedDemo(db);
    const writing = performance.now();
    await generate(db, ORDERS);
    const writtenS = (performance.now() - writing) / 1000;
    const [{ events } = { events: 0 }] = await db.query<{ events: number }>(`SELECT count(*)::int AS events FROM order_events`);
    const deliveries = await timedRuns(db, RUNS, (tx) => watchDeliveries(tx, DEFAULT_DELIVERY_ALERTS));
    const reconcile = await timedRuns(db, 5, (tx) => watchReconciliation(tx, GIVE_UP_MS));
    const ms = (value: number) => value.toFixed(1);
    const body = [
      '## Back office: alerts',
      '',
      `Measured by \`npm run bench:alerts\` (${machineLine()}), PostgreSQL, ${ORDERS.toLocaleString('en-US')} delivered orders over a year and ${events.toLocaleString('en-US')} timeline events (written in ${writtenS.toFixed(0)} s). Each watch runs in its own transaction, as its cluster chore does, on one instance per period.`,
      '',
      '| watch | runs | p50 ms | p95 ms | max ms | how often it runs |',
      '|---|---|---|---|---|---|',
      `| failing deliveries (\`watchDeliveries\`, the last 15 min of \`order_events\` through its partial index on \`at\`) | ${deliveries.length} | ${ms(percentile(deliveries, 50))} | ${ms(percentile(deliveries, 95))} | ${ms(deliveries[deliveries.length - 1] ?? 0)} | \`ALERT_WATCH_INTERVAL\` (1 min) |`,
      `| reconciliation (\`watchReconciliation\`, the store's three reports over every order) | ${reconcile.length} | ${ms(percentile(reconcile, 50))} | ${ms(percentile(reconcile, 95))} | ${ms(reconcile[reconcile.length - 1] ?? 0)} | \`ALERT_RECONCILE_INTERVAL\` (15 min) |`,
      '',
      'The failing-deliveries watch reads only the window, whatever the table\'s size. The reconciliation reads every order (as `npm run reconcile` does): its cost grows with the table, which is why it runs every 15 minutes and not every minute.',
    ].join('\n');
    writeSection('alerts', body);
    console.log(body);
  } finally {
    await db?.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
