import { exportCatalogue, importCatalogue } from '../src/catalogue/catalogue-file';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

const revisionOf = async (store: TestStore) => (await store.db.query<{ revision: number }>('SELECT revision::int AS revision FROM catalogue_revision'))[0]!.revision;

const priceOf = async (app: TestStore['app']) =>
  (await call<Array<{ product_id: string; amount: string }>>(app, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' })).data.find(
    (bundle) => bundle.product_id === '18-us-currency-300',
  )?.amount;

describe.each(testDbTargets())('catalogue edits made outside the store on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(() => store.close());

  it('commit with one new revision per transaction, and the store\'s own writes with exactly one', async () => {
    const before = await revisionOf(store);
    await store.db.exec(`UPDATE bundles SET price_minor = 549 WHERE product_id = '18-us-currency-300'`);
    expect(await revisionOf(store)).toBe(before + 1);
    await store.db.transaction(async (tx) => {
      await tx.query(`UPDATE bundles SET sort = sort + 1 WHERE game_id = 18`);
      await tx.query(`UPDATE servers SET server_name = server_name WHERE game_id = 18`);
      await tx.query(`UPDATE store_settings SET value = value`);
    });
    expect(await revisionOf(store)).toBe(before + 2);
    const file = await exportCatalogue(store.db);
    const outcome = await importCatalogue(store.db, store.catalogue, file, { actor: 'service:test', reason: 'same again', source: 'import' });
    expect([outcome.revision, await revisionOf(store)]).toEqual([before + 3, before + 3]);
    // The edited price is what players see once the cache has heard of the revision.
    store.catalogue.invalidate();
    expect(await priceOf(store.app)).toBe('5.49');
    // On PostgreSQL every other instance hears of it within a second: catalogue-instances.test.ts.
  });
});
