import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/http/app';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import { exportCatalogue, importCatalogue } from '../src/catalogue/catalogue-file';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { openPostgresDb } from '../src/db/postgres-db';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { until } from './support/until';

jest.setTimeout(60_000);

const postgres = testDbTargets().find((target) => target.name === 'PostgreSQL');
const describeOnPostgres = postgres ? describe : describe.skip;
if (!postgres) console.warn('!!! catalogue-instances.test.ts SKIPPED: it needs TEST_DATABASE_URL (PostgreSQL) !!!');

const priceOf = async (app: FastifyInstance) =>
  (await call<Array<{ product_id: string; amount: string }>>(app, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' })).data.find(
    (bundle) => bundle.product_id === '18-us-currency-300',
  )?.amount;

/**
 * The price the app serves once it serves `expected`. The second instance's periodic check is an hour
 * away, far beyond this wait: only the revision's announcement can bring it. How soon it comes is
 * measured by `npm run chaos` (docs/benchmarks.md), not bounded here.
 */
async function servedByAnnouncement(app: FastifyInstance, expected: string): Promise<string | undefined> {
  await until(`price ${expected} at the second instance`, async () => (await priceOf(app)) === expected);
  return priceOf(app);
}

describeOnPostgres('a catalogue revision reaches every instance on one PostgreSQL', () => {
  let first: TestStore;
  let db: Db;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await openTestStore(postgres!);
    // A second instance on the same database and schema, whose periodic check would take an hour.
    const schema = (await first.db.query<{ schema: string }>('SELECT current_schema() AS schema'))[0]!.schema;
    db = await openPostgresDb({ connectionString: process.env.TEST_DATABASE_URL!, schema, maxConnections: 3 });
    second = await buildApp({ config: { ...loadConfig({}), sandboxGamePort: 0 }, db, catalogue: new CatalogueCache(db, { revisionCheckMs: 3_600_000 }) });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await db?.close();
    await first?.close();
  });

  it('is served by a second instance by its announcement, without waiting for the periodic check', async () => {
    expect(await priceOf(second)).toBe('4.99');
    const file = JSON.parse(JSON.stringify(await exportCatalogue(first.db))) as { bundles: Array<{ product_id: string; price_minor: number }> };
    file.bundles.find((bundle) => bundle.product_id === '18-us-currency-300')!.price_minor = 549;
    await importCatalogue(first.db, first.catalogue, file, { actor: 'service:test', reason: 'test', source: 'import' });
    expect(await servedByAnnouncement(second, '5.49')).toBe('5.49');
  });

  it('serves an edit made straight in the database by its announcement too', async () => {
    await first.db.exec(`UPDATE bundles SET price_minor = 599 WHERE product_id = '18-us-currency-300'`);
    expect(await servedByAnnouncement(second, '5.99')).toBe('5.99');
  });
});
