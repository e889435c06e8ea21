import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/http/app';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import { exportCatalogue, importCatalogue } from '../src/catalogue/catalogue-file';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { openPostgresDb } from '../src/db/postgres-db';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

const postgres = testDbTargets().find((target) => target.name === 'PostgreSQL');
const describeOnPostgres = postgres ? describe : describe.skip;
if (!postgres) console.warn('!!! catalogue-instances.test.ts SKIPPED: it needs TEST_DATABASE_URL (PostgreSQL) !!!');

const priceOf = async (app: FastifyInstance) =>
  (await call<Array<{ product_id: string; amount: string }>>(app, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' })).data.find(
    (bundle) => bundle.product_id === '18-us-currency-300',
  )?.amount;

/** How long after `committed` the app served `expected` (polling every 20 ms), or null when it did not within 1 s. */
async function servedWithin(app: FastifyInstance, expected: string, committed: number): Promise<number | null> {
  let seen = await priceOf(app);
  while (seen !== expected && Date.now() - committed < 1000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = await priceOf(app);
  }
  return seen === expected ? Date.now() - committed : null;
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

  it('is served by a second instance within a second of its commit, without waiting for the periodic check', async () => {
    expect(await priceOf(second)).toBe('4.99');
    const file = JSON.parse(JSON.stringify(await exportCatalogue(first.db))) as { bundles: Array<{ product_id: string; price_minor: number }> };
    file.bundles.find((bundle) => bundle.product_id === '18-us-currency-300')!.price_minor = 549;
    await importCatalogue(first.db, first.catalogue, file, { actor: 'service:test', reason: 'test', source: 'import' });
    expect(await servedWithin(second, '5.49', Date.now())).not.toBeNull();
  });

  it('serves an edit made straight in the database within a second too', async () => {
    await first.db.exec(`UPDATE bundles SET price_minor = 599 WHERE product_id = '18-us-currency-300'`);
    expect(await servedWithin(second, '5.99', Date.now())).not.toBeNull();
  });
});
