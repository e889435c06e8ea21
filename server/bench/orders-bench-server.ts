/**
 * The server under the orders benchmark, in its own process so that its memory is its own: the
 * real app on a fresh database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL) with the demo
 * loaded and the order settings of the environment (the defaults unless set). Prints
 * "listening <port>"; answers GET /bench/memory, GET /bench/outbox (jobs still open) and GET /bench/delivery?prefix= (how many orders have a token with that prefix,
 * how many are delivered, and their webhook-to-delivered latency from the server's own timestamps).
 */
import { buildApp } from '../src/http/app';
import { configFrom } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openDb } from '../src/db/open-db';
import { orderSettingsFrom } from '../src/orders/order-settings';
import { processSettings } from '../src/settings/environment';
import { seedDemo } from '../src/sandbox/seed/seed-demo';

async function main(): Promise<void> {
  const settings = processSettings();
  const config = { ...configFrom(settings), roleLookupsPerMinute: 1_000_000_000 };
  const opened = await openDb(config);
  await migrate(opened);
  await seedDemo(opened);
  // COUNT_STATEMENTS=1: every statement the store and its sandbox game send is counted (a transaction's
  // BEGIN and COMMIT as one each), for GET /bench/statements; the profile divides them by the orders.
  const counted = { statements: 0, transactions: 0 };
  const db: typeof opened = process.env.COUNT_STATEMENTS
    ? {
        ...opened,
        query: (sql, params) => {
          counted.statements += 1;
          return opened.query(sql, params);
        },
        transaction: (work, options) =>
          opened.transaction((tx) => {
            counted.transactions += 1;
            counted.statements += 2;
            return work({ query: (sql, params) => ((counted.statements += 1), tx.query(sql, params)) });
          }, options),
      }
    : opened;
  // Many orders per character and per address, unthrottled, like the role lookups.
  const unthrottled = { perAddress: 1_000_000_000, perKey: 1_000_000_000 };
  const app = await buildApp({
    config,
    db,
    logger: false,
    orders: { ...orderSettingsFrom(settings), unpaidOrdersPerCharacter: 1_000_000_000, unpaidOrdersPerBuyer: 1_000_000_000 },
    limits: { placeOrder: unthrottled, followOrder: unthrottled, checkCode: unthrottled, supportTicket: unthrottled, ticketLookup: unthrottled, ownershipCode: unthrottled, ownershipConfirm: unthrottled },
  });
  app.get('/bench/statements', async () => counted);
  app.get('/bench/memory', async () => ({ maxRssKb: process.resourceUsage().maxRSS }));
  app.get<{ Querystring: { prefix?: string } }>('/bench/delivery', async (request) => {
    const rows = await db.query<{ orders: number; delivered: number; p50: number | null; p99: number | null; max: number | null }>(
      `WITH measured AS (
         SELECT o.status, extract(epoch FROM o.delivered_at - p.received_at) * 1000 AS ms
           FROM orders o LEFT JOIN payment_events p ON p.order_id = o.order_id
          WHERE o.order_token LIKE $1 || '%')
       SELECT count(*)::int AS orders, count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99, max(ms)::float8 AS max
         FROM measured`,
      [request.query.prefix ?? ''],
    );
    return rows[0];
  });
  // What the benchmark polls while it waits: cheap, so that waiting does not slow the deliveries.
  app.get('/bench/outbox', async () => (await db.query<{ jobs: number }>('SELECT count(*)::int AS jobs FROM delivery_outbox'))[0]);
  const shutdown = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
