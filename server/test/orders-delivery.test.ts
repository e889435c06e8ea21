import { buildApp } from '../src/http/app';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import { loadConfig } from '../src/config';
import { claimDueJobs } from '../src/fulfilment/outbox';
import { reconcileOrders } from '../src/orders/reconciliation';
import {
  checkout,
  countRows,
  FAST_ORDERS,
  mailsOf,
  mustCreateOrder,
  openOrderStore,
  orderInfo,
  waitForStatus,
  type OrderStore,
} from './support/order-helpers';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

describe.each(testDbTargets())('delivery by in-game mail on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    // Tries 30 and 60 ms apart, and a give-up window wide enough for four of them on a busy machine
    // (600 ms was not, with two jest workers beside a browser build).
    store = await openOrderStore(target, { giveUpAfterMs: 3_000 });
  });
  afterAll(async () => {
    if (store) expect(await reconcileOrders(store.db)).toEqual([]);
    await store?.close();
  });

  const failNextMails = async (failNext: number | 'always' | 'off', on: OrderStore = store) => {
    const response = await fetch(`${on.url}/sandbox/mail-failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fail_next: failNext }),
    });
    expect(response.status).toBe(200);
  };

  it('a game that fails 3 times gets the mail once, on the 4th attempt', async () => {
    await failNextMails(3);
    const placed = await mustCreateOrder(store.app, { product_id: '18-us-currency-1980' });
    await checkout(store, placed.order_id, 'paid');
    const delivered = await waitForStatus(store.app, placed.order_id, ['delivered']);
    const retries = delivered.timeline.filter((entry) => entry.event === 'delivery_retry');
    expect(retries.map((entry) => entry.attempt)).toEqual([1, 2, 3]);
    expect(retries.every((entry) => entry.next_attempt_at !== null)).toBe(true);
    expect(delivered.timeline.find((entry) => entry.event === 'mail_sent')?.attempt).toBe(4);
    expect(delivered.delivery_attempts).toBe(4);
    expect(await mailsOf(store.db, placed.order_id)).toHaveLength(1);
    expect((await (await fetch(`${store.url}/sandbox/mail-failures`)).json()) as unknown).toMatchObject({ data: { fail_next: 0 } });
  });

  it('a game that keeps failing: delivery_failed after the schedule, then refunded by the provider', async () => {
    await failNextMails('always');
    try {
      const placed = await mustCreateOrder(store.app, { role_id: '1801002', uid: '1800002', product_id: '18-us-currency-3280' });
      await checkout(store, placed.order_id, 'paid');
      const refunded = await waitForStatus(store.app, placed.order_id, ['refunded']);
      const events = refunded.timeline.map((entry) => entry.event);
      expect(events.slice(0, 3)).toEqual(['created', 'paid', 'delivering']);
      expect(events.slice(-2)).toEqual(['delivery_failed', 'refunded']);
      // 30 ms, then 60 ms between tries, none later than 3 s after the first.
      expect(events.filter((event) => event === 'delivery_retry').length).toBeGreaterThanOrEqual(3);
      expect(refunded).toMatchObject({ final: 1, refunded_at: expect.any(String), delivered_at: null });
      expect(await mailsOf(store.db, placed.order_id)).toHaveLength(0);
      expect(await countRows(store.db, `sandbox_payments WHERE order_id = $1 AND refund_id IS NOT NULL`, [placed.order_id])).toBe(1);
      expect(await countRows(store.db, 'refunds WHERE order_id = $1', [placed.order_id])).toBe(1);
    } finally {
      await failNextMails('off');
    }
  });

  it('shows a retrying order as delivering with its next attempt, then delivered', async () => {
    const slow = await openOrderStore(target, { backoffMs: [1500], giveUpAfterMs: 10_000 });
    try {
      await failNextMails(1, slow);
      const placed = await mustCreateOrder(slow.app, { role_id: '1801002', uid: '1800002', product_id: '18-us-currency-60' });
      await checkout(slow, placed.order_id, 'paid');
      let info = await orderInfo(slow.app, placed.order_id);
      for (let i = 0; i < 100 && info.timeline.every((entry) => entry.event !== 'delivery_retry'); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        info = await orderInfo(slow.app, placed.order_id);
      }
      expect(info).toMatchObject({ status: 'delivering', final: 0, delivery_attempts: 1, next_attempt_at: expect.any(String) });
      await waitForStatus(slow.app, placed.order_id, ['delivered']);
    } finally {
      await slow.close();
    }
  });

  it('several workers on one database claim each job once (FOR UPDATE SKIP LOCKED)', async () => {
    // A second server on the same database, with its own worker, delivering alongside the first.
    const config = loadConfig({});
    const second = await buildApp({ config, db: store.db, catalogue: new CatalogueCache(store.db), orders: FAST_ORDERS });
    await second.ready();
    try {
      const placed = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          mustCreateOrder(store.app, { role_id: `180200${(index % 3) + 1}`, server_id: '1802', uid: `180000${(index % 3) + 1}`, product_id: '18-us-currency-300' }),
        ),
      );
      await Promise.all(placed.map((order) => checkout(store, order.order_id, 'paid')));
      for (const order of placed) await waitForStatus(store.app, order.order_id, ['delivered']);
      for (const order of placed) expect(await mailsOf(store.db, order.order_id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('concurrent claims never hand out a job twice', async () => {
    // Fifteen orders of one character at once from one address: above the usual caps on unpaid orders.
    const idle = await openOrderStore(target, { workerEnabled: false, unpaidOrdersPerCharacter: 15, unpaidOrdersPerBuyer: 15 });
    try {
      const placed = await Promise.all(Array.from({ length: 15 }, () => mustCreateOrder(idle.app, { product_id: '18-us-currency-60' })));
      for (const order of placed) await idle.db.query(`INSERT INTO delivery_outbox (order_id, job) VALUES ($1, 'deliver')`, [order.order_id]);
      const claims = await Promise.all(Array.from({ length: 6 }, () => claimDueJobs(idle.db, 4, 60_000)));
      const claimed = claims.flat().map((job) => job.order_id);
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(claimed.length).toBe(15);
      // Leased: nobody gets them again until the lease runs out.
      expect(await claimDueJobs(idle.db, 20, 60_000)).toEqual([]);
      await idle.db.query('DELETE FROM delivery_outbox');
    } finally {
      await idle.close();
    }
  });
});
