import type { CreatedOrder, OrderInfo, OrderStatus } from '@topup/shared/types';
import { reconcileOrders } from '../src/orders/reconciliation';
import { newToken, orderRequest } from './support/order-helpers';
import { callStore, pgliteData, postgresData, startStore, type StoreData, type StoreProcess } from './support/store-process';

jest.setTimeout(300_000);

/** Quick retries, a short lease, and no giving up while the test runs. */
const FAST = {
  DELIVERY_POLL_INTERVAL: '50ms',
  DELIVERY_BACKOFF: '100ms',
  DELIVERY_GIVE_UP_AFTER: '1h',
  DELIVERY_LEASE: '3s',
  DELIVERY_CALL_TIMEOUT: '2s',
};

const postgresUrl = process.env.TEST_DATABASE_URL || '';
const targets: Array<[string, () => Promise<StoreData>]> = [['PGlite', async () => pgliteData()]];
if (postgresUrl) targets.push(['PostgreSQL', () => postgresData(postgresUrl)]);

/** A store on the test's data; a PGlite folder's first start is the run's (store-server.ts), not this file's. */
const start = (env: Record<string, string>) => startStore(env, { fromTemplate: true });

async function info(server: StoreProcess, orderId: string): Promise<OrderInfo> {
  const answer = await callStore<OrderInfo>(server.url, 'orderInfo', { order_id: orderId });
  if (answer.ret !== 0) throw new Error(`orderInfo: ${answer.msg}`);
  return answer.data;
}

async function waitFor(server: StoreProcess, orderId: string, done: (order: OrderInfo) => boolean): Promise<OrderInfo> {
  const until = Date.now() + 60_000;
  for (;;) {
    const order = await info(server, orderId);
    if (done(order)) return order;
    if (Date.now() > until) throw new Error(`order ${orderId} stuck at ${order.status}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function placeAndPay(server: StoreProcess, productId: string): Promise<string> {
  const placed = await callStore<CreatedOrder>(server.url, 'createOrder', orderRequest({ product_id: productId, order_token: newToken() }));
  if (placed.ret !== 0) throw new Error(`createOrder: ${placed.msg}`);
  const paid = await fetch(`${server.url}${placed.data.pay_url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'result=paid',
    redirect: 'manual',
  }).catch(() => null);
  // With the crash drill the server may die while answering: the payment is booked either way.
  if (paid && paid.status !== 303) throw new Error(`checkout answered ${paid.status}`);
  return placed.data.order_id;
}

async function mailbox(server: StoreProcess, orderId: string): Promise<unknown[]> {
  const response = await fetch(`${server.url}/sandbox/mailbox?game_id=18&server_id=1801&role_id=1801001`);
  const body = (await response.json()) as { data: Array<{ order_id: string }> };
  return body.data.filter((mail) => mail.order_id === orderId);
}

const events = (order: OrderInfo) => order.timeline.map((entry) => entry.event);
const is = (status: OrderStatus) => (order: OrderInfo) => order.status === status && order.final === 1;

describe.each(targets)('the server killed between paid and delivered, on %s', (_name, makeData) => {
  let data: StoreData;
  let server: StoreProcess | null = null;
  beforeAll(async () => {
    data = await makeData();
  });
  afterEach(async () => {
    await server?.kill('SIGTERM');
    server = null;
  });
  afterAll(async () => {
    // Everything these crashes left behind adds up: every paid order delivered once, or refunded.
    const db = await data.open();
    try {
      expect(await reconcileOrders(db)).toEqual([]);
    } finally {
      await db.close();
      await data.remove();
    }
  });

  it('paid with no worker running, SIGKILL, restarted: delivered once', async () => {
    server = await start({ ...data.env, ...FAST, DELIVERY_WORKER: 'off' });
    const orderId = await placeAndPay(server, '18-us-currency-60');
    await waitFor(server, orderId, (order) => order.status === 'paid');
    expect(await server.kill('SIGKILL')).toBe('SIGKILL');

    server = await start({ ...data.env, ...FAST });
    const delivered = await waitFor(server, orderId, is('delivered'));
    expect(events(delivered)).toEqual(['created', 'paid', 'delivering', 'mail_sent', 'delivered']);
    expect(await mailbox(server, orderId)).toHaveLength(1);
  });

  it('killed while the game keeps failing, restarted: delivered once when the game is back', async () => {
    server = await start({ ...data.env, ...FAST });
    await fetch(`${server.url}/sandbox/mail-failures?fail_next=always`, { method: 'POST' });
    const orderId = await placeAndPay(server, '18-us-currency-300');
    await waitFor(server, orderId, (order) => order.delivery_attempts >= 2);
    await server.kill('SIGKILL');

    server = await start({ ...data.env, ...FAST });
    expect((await info(server, orderId)).status).toBe('delivering');
    await fetch(`${server.url}/sandbox/mail-failures?fail_next=off`, { method: 'POST' });
    const delivered = await waitFor(server, orderId, is('delivered'));
    expect(events(delivered).filter((event) => event === 'mail_sent')).toHaveLength(1);
    expect(await mailbox(server, orderId)).toHaveLength(1);
  });

  it('killed right after the mail went out and before the order recorded it, restarted: not mailed twice', async () => {
    server = await start({ ...data.env, ...FAST, DELIVERY_FAULT: 'crash-after-mail' });
    const orderId = await placeAndPay(server, '18-us-currency-980');
    // The drill kills the process the moment the game has the mail.
    expect(await server.exited).toBe('SIGKILL');

    server = await start({ ...data.env, ...FAST });
    const delivered = await waitFor(server, orderId, is('delivered'));
    expect(events(delivered).filter((event) => event === 'delivered')).toHaveLength(1);
    expect(await mailbox(server, orderId)).toHaveLength(1);
  });
});

const onPostgres = postgresUrl ? describe : describe.skip;
if (!postgresUrl) console.warn('!!! TEST_DATABASE_URL is not set: the test of two servers on one PostgreSQL did NOT run. !!!');

onPostgres('a server killed while it holds a job, another on the same PostgreSQL schema', () => {
  let data: StoreData;
  let servers: StoreProcess[] = [];
  beforeAll(async () => {
    data = await postgresData(postgresUrl);
  });
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGTERM');
    const db = await data.open();
    try {
      expect(await reconcileOrders(db)).toEqual([]);
    } finally {
      await db.close();
      await data.remove();
    }
  });

  it('the other server takes the job over once the lease runs out, and it is delivered once', async () => {
    // What a crash costs a job it held while sending its mail: the send's own lease, the game call's time
    // limit and a third of DELIVERY_LEASE (by default 30 s + 5 s; here 7.3 s, still longer
    // than the second server takes to start, so a take-over that ignored the lease would fail this test).
    const LEASE_MS = 4_000;
    const CALL_TIMEOUT_MS = 6_000;
    const SEND_HOLD_MS = CALL_TIMEOUT_MS + LEASE_MS / 3;
    // The test asks for the order every 50 ms while it waits out the lease.
    const QUICK = {
      DELIVERY_POLL_INTERVAL: '50ms',
      DELIVERY_BACKOFF: '100ms',
      DELIVERY_GIVE_UP_AFTER: '1h',
      DELIVERY_LEASE: `${LEASE_MS}ms`,
      DELIVERY_CALL_TIMEOUT: `${CALL_TIMEOUT_MS}ms`,
      ORDER_READS_PER_MINUTE: '10000',
      ORDER_READS_PER_MINUTE_PER_ORDER: '10000',
    };
    const first = await start({ ...data.env, ...QUICK, DELIVERY_FAULT: 'crash-after-mail' });
    servers.push(first);
    const orderId = await placeAndPay(first, '18-us-currency-60');
    // The game has the mail; the order does not know yet, and the first server's lease stands.
    expect(await first.exited).toBe('SIGKILL');

    const second = await start({ ...data.env, ...QUICK });
    servers = [second];
    const delivered = await waitFor(second, orderId, is('delivered'));
    const at = (event: string) => Date.parse(delivered.timeline.find((entry) => entry.event === event)?.at ?? '');
    const heldMs = at('delivered') - at('delivering');
    // Not taken from a server that might still be working on it: the lease's rule, in the store's own
    // timeline (a slow machine only makes it longer). How soon after the lease it is taken over is a
    // figure of `npm run chaos` (docs/benchmarks.md), not a pass/fail bound.
    expect(heldMs).toBeGreaterThanOrEqual(SEND_HOLD_MS - 500);
    expect(events(delivered)).toEqual(['created', 'paid', 'delivering', 'mail_sent', 'delivered']);
    expect(delivered.delivery_attempts).toBe(2);
    expect(await mailbox(second, orderId)).toHaveLength(1);
  });
});
