import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { describeDb, openDb } from '../db/open-db';
import { reconcileOrders, RECONCILIATION_SQL } from '../orders/reconciliation';

/**
 * `npm run reconcile`: lists every order whose money and items disagree (docs/orders.md).
 * Exits 0 when there is none, 1 otherwise. On PGlite, stop the server first (one process per
 * data directory); on PostgreSQL it runs beside the servers.
 */
async function reconcile(): Promise<number> {
  const config = loadConfig();
  const db = await openDb(config);
  try {
    await migrate(db);
    const mismatches = await reconcileOrders(db);
    const [totals] = await db.query<{ orders: number; paid: number; delivered: number; refunded: number; open: number }>(
      `SELECT count(*)::int AS orders, count(*) FILTER (WHERE paid_at IS NOT NULL)::int AS paid,
              count(*) FILTER (WHERE status = 'delivered')::int AS delivered, count(*) FILTER (WHERE status = 'refunded')::int AS refunded,
              (SELECT count(DISTINCT order_id) FROM delivery_outbox)::int AS open
         FROM orders`,
    );
    console.log(`Orders in ${describeDb(config)}: ${JSON.stringify(totals)}`);
    if (mismatches.length === 0) {
      console.log('Every paid order is delivered exactly once, refunded, or still on its way: nothing lost, nothing doubled.');
      return 0;
    }
    console.log(`${mismatches.length} order(s) do not reconcile:`);
    console.table(mismatches);
    if (process.argv.includes('--sql')) console.log(RECONCILIATION_SQL);
    return 1;
  } finally {
    await db.close();
  }
}

reconcile().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
