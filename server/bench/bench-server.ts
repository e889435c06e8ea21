/**
 * The server under measurement, in its own process so that its memory is its own:
 * the real app on a fresh database (PGlite in BENCH_DATA_DIR, or PostgreSQL at DATABASE_URL),
 * demo catalogue loaded, role lookups unthrottled. Prints "listening <port>" when ready and
 * answers GET /bench/memory with its peak resident memory.
 */
import { buildApp } from '../src/http/app';
import { configFrom } from '../src/config';
import { processSettings } from '../src/settings/environment';
import { migrate } from '../src/db/migrate';
import { openDb } from '../src/db/open-db';
import { seedDemo } from '../src/sandbox/seed/seed-demo';

async function main(): Promise<void> {
  const config = { ...configFrom(processSettings()), roleLookupsPerMinute: 1_000_000_000 };
  const db = await openDb(config);
  await migrate(db);
  await seedDemo(db);
  const app = await buildApp({ config, db, logger: false });
  app.get('/bench/memory', async () => ({ maxRssKb: process.resourceUsage().maxRSS }));
  const shutdown = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening ${port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
