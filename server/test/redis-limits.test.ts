import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/http/app';
import type { LimitSettings } from '../src/http/api/limit-settings';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import { loadConfig, type ServerConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openDb } from '../src/db/open-db';
import { openPostgresDb } from '../src/db/postgres-db';
import { seedDemo } from '../src/sandbox/seed/seed-demo';
import { call, GENEROUS_LIMITS } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { redisAnswers, testRedisUrl, uniqueRedisPrefix } from './support/test-redis';

jest.setTimeout(60_000);

const redisUp = redisAnswers();
if (!redisUp) console.warn(`!!! redis-limits.test.ts: the shared-limit tests are SKIPPED: no Redis answers at ${testRedisUrl} (set TEST_REDIS_URL) !!!`);
const describeWithRedis = redisUp ? describe : describe.skip;

const postgresUrl = process.env.TEST_DATABASE_URL || '';
if (!postgresUrl) console.warn('!!! redis-limits.test.ts: the PostgreSQL pool tests are SKIPPED: they need TEST_DATABASE_URL !!!');
const describeOnPostgres = postgresUrl ? describe : describe.skip;

const CHARACTER = { game_id: 18, area: 'us', server_id: '1801', role_id: '1801001' };
const TOO_MANY_LOOKUPS = { status: 429, ret: 1007, msg: 'Too many character lookups. Please wait a minute and try again.' };

describe('several instances of the store', () => {
  // Instances differ only in their settings: they share one database, as behind a load balancer.
  let db: Db;
  const running: FastifyInstance[] = [];
  beforeAll(async () => {
    db = await testDbTargets()[0]!.open();
    await seedDemo(db);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await db?.close();
  });

  /** A store instance allowing three character lookups a minute per client address. */
  async function instance(settings: Partial<ServerConfig>, parts: { limits?: LimitSettings; logged?: string[] } = {}): Promise<FastifyInstance> {
    const config = { ...loadConfig({}), sandboxGamePort: 0, roleLookupsPerMinute: 3, ...settings };
    const logger = parts.logged ? { level: 'info', stream: { write: (line: string) => void parts.logged!.push(line) } } : false;
    const app = await buildApp({ config, db, catalogue: new CatalogueCache(db), limits: parts.limits ?? GENEROUS_LIMITS, logger });
    running.push(app);
    await app.ready();
    return app;
  }
  const lookup = (app: FastifyInstance, client: { address?: string; forwardedFor?: string } = {}) =>
    call(app, 'getRoleInfo', CHARACTER, { remoteAddress: client.address, headers: client.forwardedFor ? { 'x-forwarded-for': client.forwardedFor } : {} });
  const rets = async (answers: Array<Promise<{ ret: number }>>) => (await Promise.all(answers)).map((answer) => answer.ret);

  describe('without REDIS_URL', () => {
    it('each instance counts alone: three lookups on A and three on B pass, the fourth on either is refused', async () => {
      const a = await instance({});
      const b = await instance({});
      for (const app of [a, b, a, b, a, b]) expect((await lookup(app, { address: '10.7.0.1' })).ret).toBe(0);
      expect(await lookup(a, { address: '10.7.0.1' })).toMatchObject(TOO_MANY_LOOKUPS);
      expect(await lookup(b, { address: '10.7.0.1' })).toMatchObject(TOO_MANY_LOOKUPS);
    });
  });

  describeWithRedis('with REDIS_URL', () => {
    it('every instance counts against one limit: two lookups on A and one on B pass, the fourth (on B) is refused', async () => {
      const shared = { redisUrl: testRedisUrl, redisPrefix: uniqueRedisPrefix() };
      const a = await instance(shared);
      const b = await instance(shared);
      expect((await lookup(a, { address: '10.8.0.1' })).ret).toBe(0);
      expect((await lookup(a, { address: '10.8.0.1' })).ret).toBe(0);
      expect((await lookup(b, { address: '10.8.0.1' })).ret).toBe(0);
      expect(await lookup(b, { address: '10.8.0.1' })).toMatchObject(TOO_MANY_LOOKUPS);
      expect(await lookup(a, { address: '10.8.0.1' })).toMatchObject(TOO_MANY_LOOKUPS);
      const refused = await a.inject({ method: 'POST', url: '/api/getRoleInfo', payload: {}, remoteAddress: '10.8.0.1' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another player is not held up.
      expect((await lookup(b, { address: '10.8.0.2' })).ret).toBe(0);
    });

    it('counts help-form mails per mailbox on every instance, whichever addresses send them and however the address is spelled', async () => {
      const shared = { redisUrl: testRedisUrl, redisPrefix: uniqueRedisPrefix() };
      const twoPerMailbox: LimitSettings = { ...GENEROUS_LIMITS, supportTicket: { perAddress: 100, perKey: 2 } };
      const a = await instance(shared, { limits: twoPerMailbox });
      const b = await instance(shared, { limits: twoPerMailbox });
      const write = (app: FastifyInstance, address: string, email: string) =>
        call(app, 'createSupportTicket', { email, message: 'Please help me with my order.', order_id: '', game_id: '18', area: 'us' }, { remoteAddress: address });
      expect((await write(a, '10.8.2.1', 'victim@example.net')).ret).toBe(0);
      expect((await write(b, '10.8.2.2', 'Victim+2@example.net')).ret).toBe(0);
      expect(await write(a, '10.8.2.3', 'victim+3@EXAMPLE.net')).toMatchObject({ status: 429, ret: 1007 });
      expect(await write(b, '10.8.2.4', 'victim@example.net')).toMatchObject({ status: 429, ret: 1007 });
      // Another mailbox is not held up.
      expect((await write(b, '10.8.2.4', 'someone@example.net')).ret).toBe(0);
    });

    it('mails a character one ownership code a minute across instances, whichever addresses ask (decision 304)', async () => {
      const shared = { redisUrl: testRedisUrl, redisPrefix: uniqueRedisPrefix() };
      const codes: LimitSettings = { ...GENEROUS_LIMITS, ownershipCode: { perAddress: 100, perKey: 1, perKeyPerHour: 5 } };
      const a = await instance({ ...shared, roleLookupsPerMinute: 100 }, { limits: codes });
      const b = await instance({ ...shared, roleLookupsPerMinute: 100 }, { limits: codes });
      const ask = (app: FastifyInstance, address: string, roleId = '1801001', uid = '1800001') =>
        call(app, 'sendOwnershipCode', { ...CHARACTER, role_id: roleId, uid }, { remoteAddress: address });
      expect((await ask(a, '10.8.4.1')).ret).toBe(0);
      expect(await ask(b, '10.8.4.2')).toMatchObject({ status: 429, ret: 1007 });
      expect(await ask(a, '10.8.4.3')).toMatchObject({ status: 429, ret: 1007 });
      // Another character is not held up.
      expect((await ask(b, '10.8.4.2', '1801002', '1800002')).ret).toBe(0);
    });

    it('keeps each limit\'s counters apart, and each store\'s (REDIS_PREFIX)', async () => {
      const prefix = uniqueRedisPrefix();
      const threeReads: LimitSettings = { ...GENEROUS_LIMITS, followOrder: { perAddress: 3, perKey: 3 } };
      const a = await instance({ redisUrl: testRedisUrl, redisPrefix: prefix }, { limits: threeReads });
      for (let i = 0; i < 3; i += 1) expect((await lookup(a, { address: '10.8.1.1' })).ret).toBe(0);
      expect(await lookup(a, { address: '10.8.1.1' })).toMatchObject(TOO_MANY_LOOKUPS);
      // Order reads from the same address have counters of their own: three more pass (an unknown order, 1012).
      for (let i = 0; i < 3; i += 1) expect((await call(a, 'orderInfo', { order_id: 'TP-NO-SUCH' }, { remoteAddress: '10.8.1.1' })).ret).toBe(1012);
      expect((await call(a, 'orderInfo', { order_id: 'TP-NO-SUCH' }, { remoteAddress: '10.8.1.1' })).ret).toBe(1007);
      // A store with another prefix on the same Redis counts apart.
      const other = await instance({ redisUrl: testRedisUrl, redisPrefix: uniqueRedisPrefix() });
      expect((await lookup(other, { address: '10.8.1.1' })).ret).toBe(0);
    });

    it('counts the real client behind the load balancer on every instance (TRUST_PROXY=1)', async () => {
      const shared = { redisUrl: testRedisUrl, redisPrefix: uniqueRedisPrefix(), trustProxy: 1 };
      const a = await instance(shared);
      const b = await instance(shared);
      const player = { address: '10.0.0.2', forwardedFor: '203.0.113.10' };
      for (const app of [a, b, a]) expect((await lookup(app, player)).ret).toBe(0);
      expect(await lookup(b, player)).toMatchObject(TOO_MANY_LOOKUPS);
      // Another player through the same balancer has a bucket of its own.
      expect((await lookup(a, { address: '10.0.0.2', forwardedFor: '203.0.113.11' })).ret).toBe(0);
    });
  });

  describe('TRUST_PROXY', () => {
    it('on (a hop count): two players behind one proxy get a bucket each', async () => {
      const app = await instance({ trustProxy: 1 });
      for (let i = 0; i < 3; i += 1) expect((await lookup(app, { forwardedFor: '198.51.100.1' })).ret).toBe(0);
      expect(await lookup(app, { forwardedFor: '198.51.100.1' })).toMatchObject(TOO_MANY_LOOKUPS);
      expect((await lookup(app, { forwardedFor: '198.51.100.2' })).ret).toBe(0);
    });

    it('off (the default): X-Forwarded-For is ignored, a client cannot pick a fresh address', async () => {
      const app = await instance({ trustProxy: loadConfig({ TRUST_PROXY: 'off' }).trustProxy });
      for (const forwardedFor of ['198.51.100.3', '198.51.100.4', '198.51.100.5']) expect((await lookup(app, { forwardedFor })).ret).toBe(0);
      expect(await lookup(app, { forwardedFor: '198.51.100.6' })).toMatchObject(TOO_MANY_LOOKUPS);
    });
  });

  describe('a Redis that does not answer', () => {
    it('lets every request through (no 5xx) and logs a warning, without the password', async () => {
      const port = await closedPort();
      const logged: string[] = [];
      const app = await instance({ redisUrl: `redis://:redis-secret-9f1c@127.0.0.1:${port}/0`, redisPrefix: uniqueRedisPrefix() }, { logged });
      // The limit is three: all five pass, since nothing can be counted.
      expect(await rets([0, 1, 2, 3, 4].map(() => lookup(app, { address: '10.9.0.1' })))).toEqual([0, 0, 0, 0, 0]);
      // The back office's sign-in, its wrong tokens and the CSP reports have limits of their own: still answered.
      const session = await app.inject({ method: 'GET', url: '/ops/api/session' });
      const signIn = await app.inject({
        method: 'POST',
        url: '/ops/api/session',
        headers: { cookie: session.cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'x-csrf-token': (session.json() as { csrfToken: string }).csrfToken },
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      });
      expect(signIn.json()).toMatchObject({ code: 'wrongCredentials' });
      const wrongToken = await app.inject({ method: 'GET', url: '/ops/api/operators', headers: { authorization: 'Bearer wrong' } });
      expect(wrongToken.statusCode).toBe(401);
      const report = await app.inject({ method: 'POST', url: '/csp-reports', headers: { 'content-type': 'application/csp-report' }, payload: '{"csp-report":{}}' });
      expect(report.statusCode).toBe(204);
      const warnings = logged.map((line) => JSON.parse(line) as { level: number; msg: string; redis?: string }).filter((entry) => entry.level === 40 && /Redis/.test(entry.msg));
      expect(warnings).toEqual([expect.objectContaining({ msg: expect.stringContaining('unreachable'), redis: `redis://127.0.0.1:${port}/0` })]);
      expect(logged.join('\n')).not.toContain('redis-secret-9f1c');
    });
  });
});

describe('settings of several instances', () => {
  it('read REDIS_URL, REDIS_PREFIX, TRUST_PROXY and the PostgreSQL pool, refusing what they cannot use', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: null, redisPrefix: 'topup:', trustProxy: false, databasePoolSize: 10, databaseStatementTimeoutMs: 30_000 });
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@redis.internal:6380/2', REDIS_PREFIX: 'shop-eu:' })).toMatchObject({ redisUrl: 'rediss://:pw@redis.internal:6380/2', redisPrefix: 'shop-eu:' });
    expect(() => loadConfig({ REDIS_URL: 'http://:hunter2@redis' })).toThrow(/REDIS_URL must start with redis:\/\//);
    expect(() => loadConfig({ REDIS_URL: 'http://:hunter2@redis' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(/would believe any client/);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25', DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({ databasePoolSize: 25, databaseStatementTimeoutMs: 0 });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE must be at least 2/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });
});

describeOnPostgres('the PostgreSQL pool (DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS)', () => {
  it('opens at most the pool size, cancels a statement past the timeout, and still hears notifications', async () => {
    const db = await openDb(loadConfig({ DATABASE_URL: postgresUrl, DATABASE_POOL_SIZE: '2', DATABASE_STATEMENT_TIMEOUT_MS: '200' }));
    try {
      const pids = await Promise.all([0, 1, 2, 3].map(() => db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)')));
      expect(new Set(pids.map((rows) => rows[0]!.pid)).size).toBe(2);
      await expect(db.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      // The LISTEN connection is its own, idle for long, and not cut.
      const heard: string[] = [];
      const listening = await db.listen?.('redis_limits_test', { onNotify: (payload) => heard.push(payload) });
      if (!listening) throw new Error('a PostgreSQL Db listens');
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await db.query("SELECT pg_notify('redis_limits_test', current_schema() || ':hello')");
        const until = Date.now() + 2_000;
        while (heard.length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(heard).toEqual(['hello']);
      } finally {
        await listening.stop();
      }
    } finally {
      await db.close();
    }
  });

  it('runs migrations without the timeout, and keeps it for everything after', async () => {
    const schema = `test_timeout_${process.pid}_${Date.now()}`;
    const admin = await openPostgresDb({ connectionString: postgresUrl, maxConnections: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const db = await openPostgresDb({ connectionString: postgresUrl, schema, maxConnections: 2, statementTimeoutMs: 200 });
    try {
      expect(await migrate(db, [{ version: 1, name: 'slow', sql: 'SELECT pg_sleep(0.5);\n' }])).toEqual([1]);
      await expect(db.transaction((tx) => tx.query('SELECT pg_sleep(0.5)'))).rejects.toThrow(/statement timeout/);
    } finally {
      await db.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
