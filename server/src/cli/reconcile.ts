import { configFrom, type ServerConfig } from '../config';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { describeDb, openDb } from '../db/open-db';
import { orderSettingsFrom } from '../orders';
import { processSettings } from '../settings/environment';
import { findPartlyRefunded, reconciles, reconcileStore } from '../orders';
import { countOrders } from '../orders';
import { type PaymentProvider, StripePaymentProvider } from '../payments';
import { sandboxPaymentBooks } from '../sandbox/install-sandbox';

/** The store's provider, only to read its books: this process sends no webhook. */
function providerOf(config: ServerConfig, db: Db, webhookSecret: string): PaymentProvider | null {
  if (config.stripe) return new StripePaymentProvider(config.stripe);
  if (config.paymentProvider === 'sandbox') return sandboxPaymentBooks(db, webhookSecret);
  return null;
}

/**
 * `npm run reconcile`: prints each report of docs/orders.md#reconciliation with the rows that fail
 * it. Exits 0 when every report is empty, 1 otherwise; `--sql` prints the queries as well. On PGlite,
 * stop the server first (one process per data directory); on PostgreSQL it runs beside the servers.
 */
async function reconcile(): Promise<number> {
  const checked = processSettings();
  const config = configFrom(checked);
  const settings = orderSettingsFrom(checked);
  const db = await openDb(config);
  try {
    await migrate(db);
    console.log(`Orders in ${describeDb(config)}: ${JSON.stringify(await countOrders(db))}`);
    const sections = await reconcileStore(db, { provider: providerOf(config, db, settings.webhookSecret), giveUpAfterMs: settings.giveUpAfterMs });
    for (const section of sections) {
      const count = section.rows ? String(section.rows.length) : 'NOT CHECKED';
      console.log(`\n== ${section.title}: ${count}\n   (${section.meaning})`);
      if (section.rows && section.rows.length > 0) console.table(section.rows);
      if (process.argv.includes('--sql')) console.log(section.sql);
    }
    // Not a problem, shown beside the checks: orders the support desk refunded in part and the store kept the rest of.
    const parts = await findPartlyRefunded(db);
    console.log(`\n-- Refunded in part (paid, refunded, kept): ${parts.length}`);
    if (parts.length > 0) console.table(parts);
    const clean = reconciles(sections);
    console.log(
      clean
        ? '\nEvery paid order is delivered exactly once, refunded, or still on its way, and every payment the provider kept is accounted for.'
        : '\nThe store does not reconcile: see the reports above and docs/orders.md#reconciliation.',
    );
    return clean ? 0 : 1;
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
