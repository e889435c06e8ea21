import type { CreatedOrder, OrderInfo } from '@topup/shared/types';
import { SHARED_REACT_MAJOR } from '@topup/shared/shared-deps';
import { haproxyVersion } from '../src/cluster/haproxy-config';
import { api, orderInfo, pay, type From } from '../src/chaos/store-client';
import { startCluster, type StoreCluster } from '../src/cluster/store-cluster';
import type { StoreInstance } from '../src/cluster/store-instance';
import { startMailSink, type MailSink } from '../src/fulfilment/mail-sink';
import { DEV_WEBHOOK_SECRET } from '../src/orders/order-settings';
import { reconcileStore } from '../src/orders/reconcile-store';
import { countOrders } from '../src/orders/reconciliation';
import { sandboxPaymentBooks } from '../src/sandbox/install-sandbox';
import { orderRequest } from './support/order-helpers';
import { postgresData, type StoreData } from './support/store-process';
import { redisAnswers, testRedisUrl, uniqueRedisPrefix } from './support/test-redis';
import { until } from './support/until';

jest.setTimeout(120_000);

const postgresUrl = process.env.TEST_DATABASE_URL || '';
const haproxy = haproxyVersion();
const missing = [
  postgresUrl ? null : 'TEST_DATABASE_URL is not set',
  haproxy ? null : 'HAProxy is not installed (bash scripts/ensure-haproxy.sh)',
  postgresUrl && haproxy && !redisAnswers() ? `no Redis answers at ${testRedisUrl} (set TEST_REDIS_URL)` : null,
].filter((reason): reason is string => reason !== null);
if (missing.length) console.warn(`!!! cluster.test.ts: the tests of 3 instances behind HAProxy are SKIPPED: ${missing.join('; ')} !!!`);
const describeCluster = missing.length ? describe.skip : describe;

const INSTANCES = 3;
/** A job's lease (the shortest DELIVERY_LEASE): what a killed instance costs the jobs it held. */
const LEASE_MS = 3_000;
/** Role lookups per address: placing an order looks its character up too, and the test places up to 11 from one address. */
const LOOKUPS_PER_MINUTE = 20;
const OPS_TOKEN = 'cluster-test-ops-token';
const CHARACTER = { game_id: 18, area: 'us', server_id: '1801', role_id: '1801001' };

const APPLICATION_NAME = `topup-cluster-test-${process.pid}`;



const events = (order: OrderInfo) => order.timeline.map((entry) => entry.event);
const at = (order: OrderInfo, event: string) => Date.parse(order.timeline.find((entry) => entry.event === event)?.at ?? '');

describeCluster(`${INSTANCES} store instances behind HAProxy on one PostgreSQL and one Redis`, () => {
  let data: StoreData;
  let cluster: StoreCluster;
  let mailSink: MailSink;
  /** Every order the tests placed: the game mail and the receipt of each are counted at the end. */
  const placed: string[] = [];

  beforeAll(async () => {
    data = await postgresData(postgresUrl);
    // One mail server for the whole cluster: whichever instance sends a receipt, it arrives here.
    mailSink = await startMailSink();
    cluster = await startCluster({
      instances: INSTANCES,
      checkIntervalMs: 300,
      env: {
        ...data.env,
        NODE_ENV: 'development',
        LOG: 'off',
        SEED_DEMO: 'on',
        REDIS_URL: testRedisUrl,
        REDIS_PREFIX: uniqueRedisPrefix(),
        SMTP_URL: mailSink.url,
        OPS_TOKEN,
        // A revision must reach every instance by its announcement: the periodic check is an hour away.
        CATALOGUE_CHECK_SECONDS: '3600',
        DELIVERY_LEASE: `${LEASE_MS}ms`,
        // A send holds its job for the call's timeout (decision 298): the sandbox game answers at once.
        DELIVERY_CALL_TIMEOUT: '2s',
        DELIVERY_BACKOFF: '100ms',
        DELIVERY_GIVE_UP_AFTER: '1h',
        ROLE_LOOKUPS_PER_MINUTE: String(LOOKUPS_PER_MINUTE),
        // The test is one client address placing and following many orders.
        ORDERS_PER_MINUTE: '10000',
        ORDERS_PER_MINUTE_PER_CHARACTER: '10000',
        ORDER_READS_PER_MINUTE: '100000',
        ORDER_READS_PER_MINUTE_PER_ORDER: '100000',
        UNPAID_ORDERS_PER_CHARACTER: '1000',
        // Its connections by name in pg_stat_activity, to end them as a database restart does.
        DATABASE_APPLICATION_NAME: APPLICATION_NAME,
      },
      // Quick to restart a dead instance: the test waits for it.
      supervise: { firstMs: 500 },
    });
  });

  afterAll(async () => {
    await cluster?.stop();
    await mailSink?.close();
    await data?.remove();
  });

  const receiptsOf = (orderId: string) => mailSink.mails().filter((mail) => mail.messageId.includes(orderId));
  const gameMailsOf = async (orderId: string) => {
    const response = await fetch(`${cluster.url}/sandbox/mailbox?game_id=18&server_id=1801&role_id=1801001`);
    return ((await response.json()) as { data: Array<{ order_id: string }> }).data.filter((mail) => mail.order_id === orderId);
  };
  const placeOrder = async () => {
    const answer = await api<CreatedOrder>(cluster.url, 'createOrder', orderRequest({ product_id: '18-us-currency-60', receipt_email: 'aria@example.com' }));
    expect(answer).toMatchObject({ status: 200, ret: 0 });
    placed.push(answer.data.order_id);
    return answer;
  };
  const delivered = (orderId: string) =>
    until(`${orderId} delivered`, async () => {
      const order = await orderInfo(cluster.url, orderId);
      return order.status === 'delivered' && order.final === 1 ? order : null;
    });

  it('takes orders and payments through the balancer on several instances, and delivers each once', async () => {
    const servedBy = new Set<string>();
    const orders: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const created = await placeOrder();
      servedBy.add(created.servedBy ?? '');
      const paid = await pay(cluster.url, created.data);
      expect(paid.status).toBe(303);
      servedBy.add(paid.headers.get('x-served-by') ?? '');
      orders.push(created.data.order_id);
    }
    expect([...servedBy].sort()).toEqual(['store-1', 'store-2', 'store-3']);
    // Each instance names itself: the balancer's header and the instance's own answer agree.
    const named = new Set<string>();
    for (let i = 0; i < INSTANCES; i += 1) {
      const response = await fetch(`${cluster.url}/healthz`);
      const body = (await response.json()) as { ok: boolean; instance: string };
      expect(body.instance).toBe(response.headers.get('x-served-by'));
      named.add(body.instance);
    }
    expect(named.size).toBeGreaterThanOrEqual(2);

    for (const orderId of orders) {
      const order = await delivered(orderId);
      expect(events(order)).toEqual(['created', 'paid', 'delivering', 'mail_sent', 'delivered']);
      expect(order.delivery_attempts).toBe(1);
      expect(await gameMailsOf(orderId)).toHaveLength(1);
    }
    await until('every receipt', async () => orders.every((orderId) => receiptsOf(orderId).length > 0));
    for (const orderId of orders) expect(receiptsOf(orderId)).toHaveLength(1);
  });

  const ops = { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' };
  const priceAt = async (url: string) =>
    (await api<Array<{ product_id: string; amount: string }>>(url, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' })).data.find(
      (candidate) => candidate.product_id === '18-us-currency-300',
    )?.amount;
  /** Raises a bundle's price through the first instance; resolves to the new price and when it was committed. */
  const raisePrice = async () => {
    const [first] = cluster.instances as [StoreInstance];
    const file = (await (await fetch(`${first.url}/ops/api/catalogue/file`, { headers: ops })).json()) as { bundles: Array<{ product_id: string; price_minor: number }> };
    const bundle = file.bundles.find((candidate) => candidate.product_id === '18-us-currency-300')!;
    bundle.price_minor += 50;
    const expected = (bundle.price_minor / 100).toFixed(2);
    for (const instance of cluster.instances) expect(await priceAt(instance.url)).not.toBe(expected);
    const imported = await fetch(`${first.url}/ops/api/catalogue/import`, {
      method: 'POST',
      headers: ops,
      body: JSON.stringify({ file, reason: 'price change seen by the whole cluster', request_key: `cluster-price-${Date.now()}`, confirm_price_changes: true }),
    });
    expect(imported.status).toBe(200);
    return { expected };
  };
  /**
   * The price each instance, asked directly, serves once it serves `expected`. The periodic check is an
   * hour away, far beyond this wait: only the announcement can bring it. How soon is a figure of
   * `npm run chaos` (docs/benchmarks.md), not a pass/fail bound.
   */
  const servedByAnnouncement = async (expected: string) =>
    Promise.all(
      cluster.instances.map(async (instance) => {
        await until(`price ${expected} at ${instance.name}`, async () => (await priceAt(instance.url)) === expected);
        return { instance: instance.name, price: await priceAt(instance.url) };
      }),
    );

  it('a price changed through one instance is served by every instance by its announcement', async () => {
    const { expected } = await raisePrice();
    const seenAfter = await servedByAnnouncement(expected);
    for (const seen of seenAfter) expect(seen.price).toBe(expected);
  });

  it("every database connection of the cluster ended at once, as a PostgreSQL restart ends them: no instance dies, each listens again and serves a new price by its announcement", async () => {
    const before = cluster.restarts.length;
    const running = cluster.instances.map((instance) => instance.child.pid);
    const admin = await data.open();
    try {
      const ended = await admin.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name LIKE $1 AND pid <> pg_backend_pid()`,
        [`${APPLICATION_NAME}%`],
      );
      // The pools and one listening connection per instance at least.
      expect(ended.filter((row) => row.ended).length).toBeGreaterThanOrEqual(INSTANCES);
      // Each instance listens again (its readiness says so) once it connected anew.
      await until('every instance listening again', async () => {
        const states = await Promise.all(cluster.instances.map(async (instance) => ((await (await fetch(`${instance.url}/readyz`)).json()) as { ready: boolean; listening: boolean })));
        return states.every((state) => state.ready && state.listening);
      });
    } finally {
      await admin.close();
    }
    const { expected } = await raisePrice();
    for (const seen of await servedByAnnouncement(expected)) expect(seen.price).toBe(expected);
    // The same processes: none died and none was restarted.
    expect(cluster.instances.map((instance) => instance.child.pid)).toEqual(running);
    expect(cluster.restarts.length).toBe(before);
  });

  it('an instance SIGKILLed is started again by the cluster and serves within 30 s, nobody touching it', async () => {
    const victim = cluster.instances[1]!;
    await victim.kill('SIGKILL');
    const back = await until(
      'store-2 started again',
      async () => {
        const current = cluster.instances[1]!;
        if (current === victim || !current.isRunning()) return null;
        const ready = await fetch(`${current.url}/readyz`).catch(() => null);
        return ready?.status === 200 ? current : null;
      },
      30_000,
    );
    expect(back.name).toBe('store-2');
    expect(cluster.restarts.at(-1)).toMatchObject({ name: 'store-2', exit: 'SIGKILL', servingAt: expect.any(Number) });
    // Back in rotation: the balancer sends it requests again.
    await until('store-2 answering through the balancer', async () => (await api(cluster.url, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' })).servedBy === 'store-2');
  });

  it('a rolling restart of every instance under load loses no request', async () => {
    const pids = cluster.instances.map((instance) => instance.child.pid);
    let stop = false;
    const failures: string[] = [];
    let answered = 0;
    const client = async () => {
      while (!stop) {
        try {
          const answer = await api(cluster.url, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' });
          if (answer.status !== 200 || answer.ret !== 0) failures.push(`${answer.status} ${answer.ret}`);
          else answered += 1;
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    };
    const clients = [client(), client(), client()];
    try {
      await cluster.rollingRestart();
    } finally {
      stop = true;
      await Promise.all(clients);
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    // Every instance is a new process.
    for (const [index, instance] of cluster.instances.entries()) expect(instance.child.pid).not.toBe(pids[index]);
  });

  it('counts a lookup limit once across the cluster (Redis), per player as HAProxy forwards them', async () => {
    // Two players: two addresses of the loopback network, each seen by HAProxy and forwarded.
    const aria: From = { localAddress: '127.0.0.11' };
    const mina: From = { localAddress: '127.0.0.12' };
    const servedBy = new Set<string>();
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i += 1) {
      const answer = await api(cluster.url, 'getRoleInfo', CHARACTER, aria);
      expect(answer.ret).toBe(0);
      servedBy.add(answer.servedBy ?? '');
    }
    // Round robin: each instance saw a third of them, and none would refuse on its own count.
    expect(servedBy.size).toBe(INSTANCES);
    expect(await api(cluster.url, 'getRoleInfo', CHARACTER, aria)).toMatchObject({ status: 429, ret: 1007 });
    // Every instance asked directly refuses her as well: the count is the cluster's.
    for (const instance of cluster.instances) expect(await api(instance.url, 'getRoleInfo', CHARACTER, aria)).toMatchObject({ status: 429, ret: 1007 });
    // An address she writes in X-Forwarded-For herself buys no fresh count: the store believes HAProxy's entry only.
    expect(await api(cluster.url, 'getRoleInfo', CHARACTER, { ...aria, headers: { 'x-forwarded-for': '203.0.113.77' } })).toMatchObject({ status: 429, ret: 1007 });
    // Another player behind the same balancer has a count of her own.
    expect(await api(cluster.url, 'getRoleInfo', CHARACTER, mina)).toMatchObject({ status: 200, ret: 0 });
  });

  it('a release and a rollback made on one instance are served by every instance within a second', async () => {
    const [first, second, third] = cluster.instances as [StoreInstance, StoreInstance, StoreInstance];
    const ops = (instance: StoreInstance, route: string, body: object) =>
      fetch(`${instance.url}/ops${route}`, { method: 'POST', headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // A host build is judged on its React major alone: the check needs no other release to judge it by.
    const hostBuild = (version: string) =>
      [
        ['mf-manifest.json', JSON.stringify({ name: 'host', metaData: { buildInfo: { buildVersion: version } }, shared: [{ name: 'react', version: `${SHARED_REACT_MAJOR}.2.0` }] })],
        ['index.html', `<!doctype html><html lang="en"><head><title>TopUp Store</title></head><body>host ${version}</body></html>`],
      ].map(([file, text]) => ({ path: file, content: Buffer.from(text!).toString('base64') }));
    /** Every instance, asked directly, serves that host release's page (how soon: `npm run chaos`, not a bound here). */
    const servedEverywhere = async (version: string) => {
      const page = async (instance: StoreInstance) => (await fetch(`${instance.url}/`)).text();
      const seen = await Promise.all(
        cluster.instances.map(async (instance) => {
          await until(`host ${version} at ${instance.name}`, async () => (await page(instance)).includes(`host ${version}`));
          return { instance: instance.name, serves: (await page(instance)).includes(`host ${version}`) };
        }),
      );
      expect(seen).toEqual(cluster.instances.map((instance) => ({ instance: instance.name, serves: true })));
    };

    // The files travel with the release: no instance has them on its disk.
    expect((await ops(first, '/releases', { app: 'host', version: 'cluster-1', files: hostBuild('cluster-1'), actor: 'cluster-test' })).status).toBe(200);
    await servedEverywhere('cluster-1');
    expect((await ops(second, '/releases', { app: 'host', version: 'cluster-2', files: hostBuild('cluster-2'), actor: 'cluster-test' })).status).toBe(200);
    await servedEverywhere('cluster-2');
    const rolledBack = await ops(third, '/rollback', { app: 'host', reason: 'cluster-2 misbehaves', actor: 'cluster-test' });
    expect(await rolledBack.json()).toMatchObject({ from_version: 'cluster-2', to_version: 'cluster-1' });
    await servedEverywhere('cluster-1');
  });

  it('an instance killed mid-delivery: the others finish its job once the lease runs out, and every mail goes out once', async () => {
    // store-3 again, now with the crash drill: it kills itself right after the game took a mail,
    // before the order records it, the worst moment to die.
    const victim = await cluster.restart(2, { DELIVERY_FAULT: 'crash-after-mail' });
    const orders: string[] = [];
    // Paid at store-3 itself, its own webhook wakes its worker first. Another instance polling at
    // that very moment may take the job instead (and deliver it): then the next order.
    for (let round = 0; round < 5 && victim.isRunning(); round += 1) {
      const created = await placeOrder();
      orders.push(created.data.order_id);
      // The drill may kill store-3 before it answers: the payment was booked by then.
      await pay(victim.url, created.data).catch(() => null);
      await until('store-3 dying or the order delivered', async () => !victim.isRunning() || (await orderInfo(cluster.url, created.data.order_id)).status === 'delivered');
    }
    expect(await victim.exited).toBe('SIGKILL');

    const finished = await Promise.all(orders.map((orderId) => delivered(orderId)));
    // store-3 died on the last order's job; the orders before it went to other instances at once.
    expect(finished.map((order) => order.delivery_attempts)).toEqual([...orders.slice(1).map(() => 1), 2]);
    const takenOver = finished[finished.length - 1]!;
    // Not taken from store-3 while its lease stood: the lease's rule, in the store's own timeline (a slow
    // machine only makes it longer). How soon after it is a figure of `npm run chaos`, not a bound here.
    const heldMs = at(takenOver, 'delivered') - at(takenOver, 'delivering');
    expect(heldMs).toBeGreaterThanOrEqual(LEASE_MS - 500);
    for (const order of finished) {
      expect(events(order)).toEqual(['created', 'paid', 'delivering', 'mail_sent', 'delivered']);
      expect(await gameMailsOf(order.order_id)).toHaveLength(1);
    }
    await until('every receipt', async () => placed.every((orderId) => receiptsOf(orderId).length > 0));
    for (const orderId of placed) expect(receiptsOf(orderId)).toHaveLength(1);
  });

  it('leaves the books reconciled, as npm run reconcile checks them', async () => {
    const db = await data.open();
    try {
      expect((await countOrders(db))?.delivered).toBeGreaterThanOrEqual(placed.length);
      const sections = await reconcileStore(db, { provider: sandboxPaymentBooks(db, DEV_WEBHOOK_SECRET), giveUpAfterMs: 3_600_000 });
      expect(sections.map((section) => ({ report: section.title, rows: section.rows }))).toEqual(sections.map((section) => ({ report: section.title, rows: [] })));
    } finally {
      await db.close();
    }
  });
});
