import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildApp } from '../src/http/app';
import { bumpCatalogueRevision, CatalogueCache } from '../src/catalogue/catalogue-cache';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openPostgresDb } from '../src/db/postgres-db';
import { roleLockKey } from '../src/orders/role-lock';
import { seedDemo } from '../src/sandbox/seed/seed-demo';
import { sign } from '@topup/shared/sign';
import { orderRequest } from './support/order-helpers';
import { postgresData, startStore } from './support/store-process';
import { TEST_APP_KEY } from './support/test-app';
import { sleep, until } from './support/until';

// Faults of a real PostgreSQL: its backends are ended from another connection (pg_terminate_backend),
// as a restart or a failover ends them. Each Db here names its connections uniquely, so that only its
// own are ended while other test files share the server.
const postgresUrl = process.env.TEST_DATABASE_URL || '';
if (!postgresUrl) console.warn('!!! database-faults.test.ts SKIPPED: it needs TEST_DATABASE_URL (PostgreSQL) !!!');
const describeOnPostgres = postgresUrl ? describe : describe.skip;

jest.setTimeout(60_000);


/** A signed store API call over HTTP, with its status. */
async function postStore(url: string, action: string, payload: Record<string, string | number>): Promise<{ status: number; body: { ret: number; data: unknown; msg: string } }> {
  const response = await fetch(`${url}/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...payload, sign: sign(payload, TEST_APP_KEY) }),
  });
  return { status: response.status, body: (await response.json()) as { ret: number; data: unknown; msg: string } };
}


describeOnPostgres('PostgreSQL connections lost under the store', () => {
  let admin: Db;
  let schema: string;
  /** The application_name of the store's connections in this file. */
  let name: string;
  let db: Db;

  /** Ends this store's backends (all, or those matching `where`), as a database restart would. */
  const terminate = async (where = 'true', application = name): Promise<number> => {
    const rows = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid() AND ${where}`,
      [application],
    );
    return rows.filter((row) => row.ended).length;
  };

  beforeAll(async () => {
    admin = await openPostgresDb({ connectionString: postgresUrl, maxConnections: 2 });
    schema = `faults_${process.pid}_${randomBytes(4).toString('hex')}`;
    name = `topup-test ${schema}`;
    await admin.exec(`CREATE SCHEMA ${schema}`);
    db = await openPostgresDb({ connectionString: postgresUrl, schema, maxConnections: 4, applicationName: name });
    await migrate(db);
    await seedDemo(db);
  });

  afterAll(async () => {
    await db?.close();
    await admin?.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin?.close();
  });

  it.each(['idle', 'busy'])('a process whose transaction connection is ended while %s in it lives: the transaction fails as "unavailable", the next statement succeeds', async (mode) => {
    const application = `${name} ${mode}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/hold-transaction.ts'], {
      cwd: path.resolve(__dirname, '..'),
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: postgresUrl, APPLICATION_NAME: application, HOLD: mode },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await until('the transaction held', () => output.includes('holding'));
      await until('its connection ended', async () => (await terminate(mode === 'idle' ? `state = 'idle in transaction'` : `state = 'active'`, application)) > 0);
      // The lost connection's error reaches the client while the transaction still holds it.
      await sleep(300);
      child.stdin.write('go\n');
      expect(await exited).toBe(0);
      expect(output).toContain('transaction: DatabaseUnavailableError');
      expect(output).toContain('next: 1');
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('every idle connection of the pool ended at once (a restart): the next reads and writes just work', async () => {
    await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.02)')));
    expect(await terminate()).toBeGreaterThan(0);
    // At once: a read that finds its connection lost is sent again on a fresh one, not on another dead one.
    const rows = await Promise.all([1, 2, 3, 4].map((n) => db.query<{ n: number }>('SELECT $1::int AS n', [n])));
    expect(rows.map((row) => row[0]!.n)).toEqual([1, 2, 3, 4]);
  });

  it("a store process whose order loses its connection lives: the order is sent once more, a second loss gets the player 1022 'try again' (503), and the same order token then places the order once", async () => {
    // The real process (as npm start runs it): an unhandled connection error would end it.
    const data = await postgresData(postgresUrl);
    const instance = `faults-${process.pid}-${randomBytes(3).toString('hex')}`;
    const store = await startStore({ ...data.env, INSTANCE_NAME: instance, ORDERS_PER_MINUTE: '1000', ROLE_LOOKUPS_PER_MINUTE: '1000' });
    // A character no other test uses: its lock is held by another connection, so the order waits inside its transaction.
    const character = { game_id: 18, area: 'us', server_id: '1802', role_id: '1802003', uid: '1800003' };
    const request = orderRequest(character);
    const locker = await openPostgresDb({ connectionString: postgresUrl, maxConnections: 1, applicationName: `${name} locker` });
    try {
      await locker.query('SELECT pg_advisory_lock($1::bigint)', [roleLockKey(18, '1802003')]);
      let answered = false;
      const answer = postStore(store.url, 'createOrder', request).finally(() => (answered = true));
      // Its connection is ended while it waits; the store sends the order once more on a fresh one
      // (the token makes that safe), which waits again and is ended too: then the player is told.
      let cut = 0;
      await until('the order given up', async () => {
        cut += (await terminate(`wait_event_type = 'Lock'`, `topup-store ${instance}`)) > 0 ? 1 : 0;
        return answered;
      });
      expect(cut).toBe(2);
      const refused = await answer;
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ ret: 1022, data: null, msg: 'The store is busy for a moment. Please try again in a few seconds.' });
      await locker.query('SELECT pg_advisory_unlock($1::bigint)', [roleLockKey(18, '1802003')]);

      // Every connection of the process ended at once, as a restart does: still alive, and the retry places the order.
      await terminate('true', `topup-store ${instance}`);
      await terminate('true', `topup-store ${instance} listen`);
      const placed = await postStore(store.url, 'createOrder', request);
      expect(placed.body.ret).toBe(0);
      const again = await postStore(store.url, 'createOrder', request);
      expect((again.body.data as { order_id: string }).order_id).toBe((placed.body.data as { order_id: string }).order_id);
      expect(store.isRunning()).toBe(true);
      const rows = await db.query<{ n: number }>('SELECT 1 AS n');
      expect(rows).toEqual([{ n: 1 }]);
      const storeDb = await data.open();
      try {
        expect(await storeDb.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE role_id = '1802003'`)).toEqual([{ n: 1 }]);
      } finally {
        await storeDb.close();
      }
    } finally {
      await locker.close();
      await store.kill('SIGTERM');
      await data.remove();
    }
  });

  it('a route outside the player API answers 503 when the database is lost under it', async () => {
    const catalogue = new CatalogueCache(db);
    const app = await buildApp({ config: { ...loadConfig({}), sandboxGamePort: 0 }, db, catalogue });
    app.get('/test/slow', async () => db.transaction((tx) => tx.query('SELECT pg_sleep(10)')));
    await app.ready();
    try {
      const answer = app.inject({ method: 'GET', url: '/test/slow' });
      await until('the slow statement', async () => (await terminate(`query LIKE '%pg_sleep(10)%' AND state = 'active'`)) > 0);
      const response = await answer;
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toEqual({ error: expect.stringMatching(/try again/), code: 'unavailable' });
    } finally {
      await app.close();
    }
  });

  it('the catalogue announcements come back after each loss, and the catalogue is loaded again though the revision was announced while they were away', async () => {
    const said: string[] = [];
    const log = { warn: (_details: object, message: string) => said.push(`lost: ${message}`), info: (_details: object, message: string) => said.push(`back: ${message}`) };
    // The periodic revision check is an hour away: only the announcements (and their return) can bring a revision.
    const cache = new CatalogueCache(db, { revisionCheckMs: 3_600_000, log });
    await cache.get();
    await cache.listen();
    try {
      expect(cache.isListening()).toBe(true);
      for (let round = 1; round <= 5; round++) {
        const before = cache.peek()!.revision;
        expect(await terminate('true', `${name} listen`)).toBe(1);
        await until('the loss to be noticed', () => cache.isListening() === false);
        // Announced while nobody listens: missed.
        await db.transaction((tx) => bumpCatalogueRevision(tx));
        await until(`round ${round}: listening again`, () => cache.isListening() === true);
        await until(`round ${round}: the missed revision loaded`, () => (cache.peek()?.revision ?? 0) > before);
      }
      expect(said.filter((line) => line.startsWith('lost')).length).toBeGreaterThanOrEqual(5);
      expect(said.filter((line) => line.startsWith('back')).length).toBeGreaterThanOrEqual(5);
    } finally {
      await cache.close();
    }
  });
});
