import type { Db } from '../src/db/db';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

/**
 * PGlite runs PostgreSQL in single-user mode, where autovacuum never runs (decision 129). A store's
 * deleted and updated rows (a delivery job done, a counted page load dropped, an order's status) would
 * keep their space for good; the embedded database's upkeep gives it back and refreshes the statistics.
 */
const [pglite, postgres] = testDbTargets();

/** 5,000 rows written and deleted, as the release watch's counted loads are every few minutes. */
const churn = (db: Db) =>
  db.exec(`INSERT INTO release_health_loads (token_id, app, version, network)
             SELECT 'load-' || g, 'remote-topup', 'v1', 'net-' || (g % 7) FROM generate_series(1, 5000) AS g;
           DELETE FROM release_health_loads;`);

const tableBytes = async (db: Db) =>
  Number((await db.query<{ bytes: string }>(`SELECT pg_relation_size('release_health_loads') AS bytes`))[0]!.bytes);

describe('the embedded database without autovacuum', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(pglite!);
  });
  afterAll(() => store?.close());

  it('keeps the space of deleted rows for good by itself, and reuses it after its upkeep', async () => {
    const { db } = store;
    await churn(db);
    const once = await tableBytes(db);
    expect(once).toBeGreaterThan(100_000);
    await churn(db);
    await churn(db);
    // Nothing reclaimed: three rounds take three rounds' space (no autovacuum in single-user mode).
    expect(await tableBytes(db)).toBeGreaterThanOrEqual(2.5 * once);

    await db.upkeep!();
    expect(await tableBytes(db)).toBeLessThan(once);
    for (let round = 0; round < 3; round += 1) {
      await churn(db);
      await db.upkeep!();
    }
    await churn(db);
    // Each round reuses the space the one before gave back.
    expect(await tableBytes(db)).toBeLessThanOrEqual(1.2 * once);
  });

  it("gives the planner the tables' statistics", async () => {
    const { db } = store;
    await db.exec(`INSERT INTO release_health_loads (token_id, app, version, network)
                     SELECT 'kept-' || g, 'remote-topup', 'v1', 'net' FROM generate_series(1, 1000) AS g`);
    const estimate = async () => Number((await db.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'release_health_loads' AND relnamespace = current_schema()::regnamespace`))[0]!.reltuples);
    await db.upkeep!();
    expect(await estimate()).toBe(1000);
    await db.exec(`DELETE FROM release_health_loads`);
  });

  it('is done by the store on its own, every period it is given', async () => {
    const own = await openTestStore(pglite!, {}, { upkeepEveryMs: 200 });
    try {
      await churn(own.db);
      await churn(own.db);
      const grown = await tableBytes(own.db);
      expect(grown).toBeGreaterThan(200_000);
      // The store's timer vacuums: the deleted rows' pages go (waited for, never timed).
      for (let i = 0; (await tableBytes(own.db)) >= grown; i += 1) {
        if (i > 600) throw new Error('the store never vacuumed its embedded database');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await tableBytes(own.db)).toBeLessThan(grown / 2);
    } finally {
      await own.close();
    }
  });
});

// A PostgreSQL server vacuums by itself (autovacuum, on unless its operator turned it off: docs/operations.md).
(postgres ? describe : describe.skip)('PostgreSQL, which has its autovacuum', () => {
  it('is left to it: its database has no upkeep of the store', async () => {
    const db = await postgres!.open();
    try {
      expect(db.upkeep).toBeUndefined();
    } finally {
      await db.close();
    }
  });
});
