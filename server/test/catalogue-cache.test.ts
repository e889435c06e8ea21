import type { Bundle } from '@topup/shared/types';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import { updateCatalogue } from '../src/catalogue/update-catalogue';
import type { Db } from '../src/db/db';
import { seedDemo } from '../src/sandbox/seed/seed-demo';
import { testDbTargets } from './support/test-db';
import { call, openTestStore } from './support/test-app';

jest.setTimeout(60_000);

/** Counts the statements a cache sends to the database. */
function countingDb(db: Db): Db & { statements: number } {
  const counted = {
    ...db,
    statements: 0,
    query: ((sql: string, params?: readonly unknown[]) => {
      counted.statements += 1;
      return db.query(sql, params);
    }) as Db['query'],
    transaction: <T>(work: Parameters<Db['transaction']>[0]) =>
      db.transaction((tx) =>
        work({
          query: ((sql: string, params?: readonly unknown[]) => {
            counted.statements += 1;
            return tx.query(sql, params);
          }) as Db['query'],
        }),
      ) as Promise<T>,
  };
  return counted;
}

describe.each(testDbTargets())('catalogue cache on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it('loads once and then answers reads without touching the database', async () => {
    const counted = countingDb(db);
    const cache = new CatalogueCache(counted, { revisionCheckMs: 60_000 });
    const [first, second] = await Promise.all([cache.get(), cache.get()]);
    expect(first).toBe(second);
    const afterLoad = counted.statements;
    for (let i = 0; i < 100; i += 1) await cache.get();
    expect(counted.statements).toBe(afterLoad);
    expect(first.games.get(18)?.areas).toEqual(['us', 'eu', 'en', 'kr']);
  });

  it('reloads after an invalidation', async () => {
    const cache = new CatalogueCache(db, { revisionCheckMs: 60_000 });
    const before = await cache.get();
    cache.invalidate();
    const after = await cache.get();
    expect(after).not.toBe(before);
    expect(after.revision).toBe(before.revision);
  });

  it('sees a write made by another process through the revision row', async () => {
    let now = 0;
    const cache = new CatalogueCache(db, { revisionCheckMs: 1000, now: () => now });
    const before = await cache.get();
    // A direct edit commits with a new revision by itself (migration 068's triggers).
    await db.query(`UPDATE bundles SET product_name = 'Renamed by an operator' WHERE product_id = '27-us-currency-60'`);
    // Within the check interval the held catalogue is still served.
    expect(await cache.get()).toBe(before);
    now = 5000;
    // The check runs in the background; the read that triggers it is not delayed.
    expect(await cache.get()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await cache.get();
    expect(after.revision).toBe(before.revision + 1);
    const bundles = after.gameAreas.get('27:us')?.bundlesByTab.get('Stars');
    expect(bundles?.[0]?.productName).toBe('Renamed by an operator');
  });

  it('keeps store reads off the database, and shows a write made through updateCatalogue at once', async () => {
    const store = await openTestStore(target);
    try {
      const price = async () =>
        (await call<Bundle[]>(store.app, 'getPayPrice', { type: '', game_id: 27, area: 'us', role_id: '', ln_uid: '' })).data[0];
      expect((await price())?.product_name).toBe('60 Stars');
      // A change that makes no new revision is not seen: reads come from memory. (Marked as the store's
      // own write, the edit leaves the revision alone, as no real change does.)
      await store.db.transaction(async (tx) => {
        await tx.query(`SELECT set_config('topup.catalogue_write', 'on', true)`);
        await tx.query(`UPDATE bundles SET product_name = 'Sixty Stars' WHERE product_id = '27-us-currency-60'`);
      });
      expect((await price())?.product_name).toBe('60 Stars');
      // A write through updateCatalogue is seen by the very next read.
      await updateCatalogue(store.db, store.catalogue, (tx) =>
        tx.query(`UPDATE bundles SET price_minor = 89 WHERE product_id = '27-us-currency-60'`),
      );
      expect(await price()).toMatchObject({ product_name: 'Sixty Stars', amount: '0.89' });
      // Seeding in this process restores the demo and is seen at once too.
      await seedDemo(store.db, store.catalogue);
      expect(await price()).toMatchObject({ product_name: '60 Stars', amount: '0.99' });
    } finally {
      await store.close();
    }
  });
});
