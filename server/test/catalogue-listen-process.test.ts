import { exportCatalogue, importCatalogue } from '../src/catalogue/catalogue-file';
import { callStore, postgresData, startStore, type StoreData, type StoreProcess } from './support/store-process';
import { until } from './support/until';

jest.setTimeout(120_000);

const base = process.env.TEST_DATABASE_URL;
const describeOnPostgres = base ? describe : describe.skip;
if (!base) console.warn('!!! catalogue-listen-process.test.ts SKIPPED: it needs TEST_DATABASE_URL (PostgreSQL) !!!');

const priceIn = async (url: string) =>
  (await callStore<Array<{ product_id: string; amount: string }>>(url, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' })).data.find(
    (bundle) => bundle.product_id === '18-us-currency-300',
  )?.amount;

describeOnPostgres('a catalogue revision reaches another server process', () => {
  let data: StoreData;
  let store: StoreProcess | undefined;

  afterAll(async () => {
    await store?.kill('SIGTERM');
    await data?.remove();
  });

  it('is served by a store process on the same PostgreSQL by its announcement, its periodic check an hour away', async () => {
    data = await postgresData(base!);
    // The real server (server/src/main.ts) in a process of its own: it migrates, loads the demo catalogue and LISTENs.
    store = await startStore({ ...data.env, SEED_DEMO: 'on', CATALOGUE_CHECK_SECONDS: '3600' });
    expect(await priceIn(store.url)).toBe('4.99');

    const db = await data.open();
    try {
      const file = JSON.parse(JSON.stringify(await exportCatalogue(db))) as { bundles: Array<{ product_id: string; price_minor: number }> };
      file.bundles.find((bundle) => bundle.product_id === '18-us-currency-300')!.price_minor = 549;
      await importCatalogue(db, null, file, { actor: 'service:test', reason: 'another process', source: 'import' });
      // Only the announcement can bring it: the periodic check is an hour away, far beyond this wait.
      // How soon it arrives is a figure of `npm run chaos` (docs/benchmarks.md), not a pass/fail bound.
      await until('the new price at the other process', async () => (await priceIn(store!.url)) === '5.49');
      expect(await priceIn(store.url)).toBe('5.49');
    } finally {
      await db.close();
    }
  });
});
