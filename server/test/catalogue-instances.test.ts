import { buildApp } from '../src/app';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import { exportCatalogue, importCatalogue } from '../src/catalogue/catalogue-file';
import { loadConfig } from '../src/config';
import { openPostgresDb } from '../src/db/postgres-db';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

const postgres = testDbTargets().find((target) => target.name === 'PostgreSQL');
const describeOnPostgres = postgres ? describe : describe.skip;
if (!postgres) console.warn('!!! catalogue-instances.test.ts SKIPPED: it needs TEST_DATABASE_URL (PostgreSQL) !!!');

const priceOf = async (app: TestStore['app']) =>
  (await call<Array<{ product_id: string; amount: string }>>(app, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' })).data.find(
    (bundle) => bundle.product_id === '18-us-currency-300',
  )?.amount;

describeOnPostgres('a catalogue revision reaches every instance on one PostgreSQL', () => {
  it('is served by a second instance within a second of its commit, without waiting for the periodic check', async () => {
    const first = await openTestStore(postgres!);
    // A second instance on the same database and schema, whose periodic check would take an hour.
    const schema = (await first.db.query<{ schema: string }>('SELECT current_schema() AS schema'))[0]!.schema;
    const db = await openPostgresDb({ connectionString: process.env.TEST_DATABASE_URL!, schema, maxConnections: 3 });
    const second = await buildApp({ config: { ...loadConfig({}), sandboxGamePort: 0 }, db, catalogue: new CatalogueCache(db, { revisionCheckMs: 3_600_000 }) });
    await second.ready();
    try {
      expect(await priceOf(second)).toBe('4.99');
      const file = JSON.parse(JSON.stringify(await exportCatalogue(first.db))) as { bundles: Array<{ product_id: string; price_minor: number }> };
      file.bundles.find((bundle) => bundle.product_id === '18-us-currency-300')!.price_minor = 549;
      await importCatalogue(first.db, first.catalogue, file, { actor: 'service:test', reason: 'test', source: 'import' });
      const committed = Date.now();
      let seen = await priceOf(second);
      while (seen !== '5.49' && Date.now() - committed < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await priceOf(second);
      }
      expect(seen).toBe('5.49');
      expect(Date.now() - committed).toBeLessThan(1000);
    } finally {
      await second.close();
      await db.close();
      await first.close();
    }
  });
});
