import { until } from './support/until';
import { buildApp } from '../src/http/app';
import { loadConfig } from '../src/config';
import { openTestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

describe('GET /healthz', () => {
  it('says the store is up and which instance answered (INSTANCE_NAME, or the host name and process id)', async () => {
    const named = await buildApp({ config: loadConfig({ INSTANCE_NAME: 'store-b' }) });
    const unnamed = await buildApp({ config: loadConfig({}) });
    try {
      expect((await named.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true, instance: 'store-b' });
      expect((await unnamed.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true, instance: expect.stringMatching(new RegExp(`:${process.pid}$`)) });
    } finally {
      await named.close();
      await unnamed.close();
    }
  });
});

describe.each(testDbTargets())('GET /readyz on $name', (target) => {
  it('is ready when the database answers, every migration is applied and the catalogue is loaded; not while the server drains', async () => {
    const store = await openTestStore(target);
    try {
      const ready = await store.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.headers['cache-control']).toBe('no-store');
      expect(ready.json()).toEqual({
        ready: true,
        instance: expect.any(String),
        draining: false,
        database: 'ok',
        migrations: 'ok',
        catalogue: 'loaded',
        // Announcements of new catalogue revisions: PostgreSQL listens, the embedded database needs none.
        listening: target.name === 'PostgreSQL' ? true : null,
      });
      store.app.draining = true;
      const draining = await store.app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ ready: false, draining: true, database: 'ok' });
      // Alive all the same: nothing should restart a draining process.
      expect((await store.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await store.close();
    }
  });

  it('is not ready while a migration is missing', async () => {
    const store = await openTestStore(target);
    try {
      await store.db.query('DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)');
      const behind = await store.app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({ ready: false, database: 'ok', migrations: 'behind' });
    } finally {
      await store.close();
    }
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL || '';
(postgresUrl ? describe : describe.skip)('GET /readyz without the database', () => {
  it('is not ready when the database cannot be reached, and says so', async () => {
    const store = await openTestStore(testDbTargets().find((candidate) => candidate.name === 'PostgreSQL')!);
    try {
      expect((await store.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      // Its pool ended: every connection it asks for fails, as with a database that is gone.
      await (store.db as { close(): Promise<void> }).close();
      const gone = await store.app.inject({ method: 'GET', url: '/readyz' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toMatchObject({ ready: false, database: 'unreachable' });
      expect((await store.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await store.app.close();
    }
  });

  it('stays ready while every pooled connection is busy and the database answers on its other connection (a sale)', async () => {
    const store = await openTestStore(testDbTargets().find((candidate) => candidate.name === 'PostgreSQL')!);
    try {
      await until('the catalogue listening', async () => (await store.app.inject({ method: 'GET', url: '/readyz' })).json<{ listening: boolean }>().listening);
      // Every connection of the pool (10) held by a statement of 2.5 s: the probe waits past its second.
      const held = Array.from({ length: 12 }, () => store.db.query('SELECT pg_sleep(2.5)'));
      const busy = await store.app.inject({ method: 'GET', url: '/readyz' });
      await Promise.all(held);
      expect([busy.statusCode, busy.json()]).toEqual([200, expect.objectContaining({ ready: true, database: 'busy' })]);
      expect((await store.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ ready: true, database: 'ok' });
    } finally {
      await store.close();
    }
  });
});
