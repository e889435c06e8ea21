import { reconciles, reconcileStore } from '../src/orders/reconcile-store';
import { SandboxPaymentProvider } from '../src/sandbox/payments/sandbox-payment-provider';
import { webhookBody, type SandboxPaymentRow } from '../src/sandbox/payments/sandbox-webhook';
import {
  checkout,
  countRows,
  mailsOf,
  mustCreateOrder,
  openOrderStore,
  orderInfo,
  paidEvent,
  postWebhook,
  waitForEvent,
  waitForStatus,
  type OrderStore,
} from './support/order-helpers';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

/** The webhook the sandbox sends for a booked payment. */
const bodyOf = (payment: SandboxPaymentRow): Record<string, unknown> => ({ ...webhookBody(payment) });

describe.each(testDbTargets())('a customer charged twice on $name', (target) => {
  let store: OrderStore;
  /** The sandbox's books, booking without sending: the test posts the webhooks itself. */
  let sandbox: SandboxPaymentProvider;
  beforeAll(async () => {
    store = await openOrderStore(target);
    sandbox = new SandboxPaymentProvider({ db: store.db, webhookSecret: store.settings.webhookSecret, webhookUrl: () => null });
  });
  afterAll(async () => {
    if (store) {
      const sections = await reconcileStore(store.db, { provider: sandbox, giveUpAfterMs: store.settings.giveUpAfterMs });
      expect(sections.map((section) => [section.title, section.rows])).toEqual(sections.map((section) => [section.title, []]));
      expect(reconciles(sections)).toBe(true);
    }
    await store?.close();
  });

  const amountOf = async (orderId: string) => {
    const [row] = await store.db.query<{ amount_minor: number; currency: string }>('SELECT amount_minor, currency FROM orders WHERE order_id = $1', [orderId]);
    return { orderId, amountMinor: row!.amount_minor, currency: row!.currency };
  };

  /** Everything a duplicate payment could have changed. */
  const footprint = async (orderId: string) => ({
    info: await orderInfo(store.app, orderId),
    payments: await countRows(store.db, 'payment_events WHERE order_id = $1', [orderId]),
    jobs: await countRows(store.db, 'delivery_outbox WHERE order_id = $1', [orderId]),
    refunds: await store.db.query('SELECT kind, payment_id, refund_id FROM refunds WHERE order_id = $1 ORDER BY id', [orderId]),
    ledger: await store.db.query('SELECT event_id, refund_id FROM sandbox_payments WHERE order_id = $1 ORDER BY created_at, event_id', [orderId]),
    mails: (await mailsOf(store.db, orderId)).length,
  });

  it('a second paid checkout of a delivered order is refunded on its own; the order stays delivered; a replay changes nothing', async () => {
    const placed = await mustCreateOrder(store.app, { product_id: '18-us-currency-980' });
    expect((await checkout(store, placed.order_id, 'paid')).status).toBe(303);
    await waitForStatus(store.app, placed.order_id, ['delivered']);
    const order = await amountOf(placed.order_id);

    // The second tab: another checkout attempt books a second payment; its double click books nothing more.
    const second = await sandbox.settle(order, 'paid', 'second-tab');
    expect((await sandbox.settle(order, 'paid', 'second-tab')).event_id).toBe(second.event_id);
    expect(second.event_id).not.toBe(`sbx_evt_${placed.order_id}`);
    expect(await countRows(store.db, 'sandbox_payments WHERE order_id = $1', [placed.order_id])).toBe(2);

    const answer = await postWebhook(store, bodyOf(second));
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    // The duplicate's refund is the outbox's job, done after the answer: read once it happened.
    await waitForEvent(store.app, placed.order_id, 'duplicate_refunded');
    const after = await waitForStatus(store.app, placed.order_id, ['delivered']);
    expect(after.timeline.map((entry) => entry.event)).toEqual([
      'created',
      'paid',
      'delivering',
      'mail_sent',
      'delivered',
      'duplicate_payment',
      'duplicate_refunded',
    ]);
    const done = await footprint(placed.order_id);
    expect(done).toMatchObject({ info: { status: 'delivered', final: 1 }, payments: 2, jobs: 0, mails: 1 });
    expect(done.refunds).toEqual([{ kind: 'duplicate_payment', payment_id: second.event_id, refund_id: expect.stringMatching(/^sbx_rf_/) }]);
    // Exactly the second payment went back; the first one stays taken.
    expect(done.ledger).toEqual([
      { event_id: `sbx_evt_${placed.order_id}`, refund_id: null },
      { event_id: second.event_id, refund_id: (done.refunds[0] as { refund_id: string }).refund_id },
    ]);

    const replays = await Promise.all(Array.from({ length: 3 }, () => postWebhook(store, bodyOf(second))));
    expect(replays.map((replay) => replay.body.outcome)).toEqual(['replay', 'replay', 'replay']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await footprint(placed.order_id)).toEqual(done);
  });

  it('two late payments of an expired order: the order is refunded with its first, the second on its own', async () => {
    const placed = await mustCreateOrder(store.app, { role_id: '1802003', server_id: '1802', uid: '1800003', product_id: '18-us-currency-60' });
    await store.db.query(`UPDATE orders SET expires_at = now() - interval '1 second' WHERE order_id = $1`, [placed.order_id]);
    await waitForStatus(store.app, placed.order_id, ['expired']);
    const order = await amountOf(placed.order_id);
    const first = await sandbox.settle(order, 'paid', 'tab-1');
    const second = await sandbox.settle(order, 'paid', 'tab-2');
    expect((await postWebhook(store, bodyOf(first))).body.outcome).toBe('applied');
    expect((await postWebhook(store, bodyOf(second))).body.outcome).toBe('duplicate');
    await waitForEvent(store.app, placed.order_id, 'duplicate_refunded');
    const refunded = await waitForStatus(store.app, placed.order_id, ['refunded']);
    expect(refunded.timeline.map((entry) => entry.event).sort()).toEqual(
      ['created', 'expired', 'late_payment', 'duplicate_payment', 'duplicate_refunded', 'refunded'].sort(),
    );
    const done = await footprint(placed.order_id);
    expect(done.refunds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'order', payment_id: first.event_id }),
        expect.objectContaining({ kind: 'duplicate_payment', payment_id: second.event_id }),
      ]),
    );
    expect(done.refunds).toHaveLength(2);
    expect(await countRows(store.db, 'sandbox_payments WHERE order_id = $1 AND refund_id IS NULL', [placed.order_id])).toBe(0);
  });

  it('a duplicate refund the provider refuses is tried again on the backoff schedule, never given up', async () => {
    const placed = await mustCreateOrder(store.app, { role_id: '1802002', server_id: '1802', uid: '1800002' });
    expect((await checkout(store, placed.order_id, 'paid')).status).toBe(303);
    const delivered = await waitForStatus(store.app, placed.order_id, ['delivered']);
    // Signed, but the provider's books hold no such payment: its refund fails.
    const event = paidEvent(delivered, { id: `evt-unbooked-${placed.order_id}` });
    expect((await postWebhook(store, event)).body.outcome).toBe('duplicate');
    const retried = async () =>
      (await store.db.query<{ attempts: number; last_error: string }>(`SELECT attempts, last_error FROM delivery_outbox WHERE order_id = $1 AND job = 'refund_payment'`, [
        placed.order_id,
      ]))[0];
    const until = Date.now() + 20_000;
    // Well past the 600 ms give-up time of deliveries.
    while (((await retried())?.attempts ?? 0) < 8 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await retried()).toEqual({ attempts: expect.any(Number), last_error: expect.stringContaining('holds no payment') });
    expect((await retried())!.attempts).toBeGreaterThanOrEqual(8);
    expect((await orderInfo(store.app, placed.order_id)).final).toBe(0);

    // The provider finds the payment after all: the next attempt refunds it.
    const order = await amountOf(placed.order_id);
    await store.db.query(
      `INSERT INTO sandbox_payments (order_id, attempt_id, event_id, result, amount_minor, currency, webhook_acknowledged_at)
       VALUES ($1, 'found-later', $2, 'paid', $3, $4, now())`,
      [placed.order_id, event.id, order.amountMinor, order.currency],
    );
    // The order stays delivered all along: wait for the refund job's next attempt to show in its timeline.
    const events = async () => (await orderInfo(store.app, placed.order_id)).timeline.map((entry) => entry.event);
    const refundedBy = Date.now() + 20_000;
    while (!(await events()).includes('duplicate_refunded') && Date.now() < refundedBy) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await events()).slice(-2)).toEqual(['duplicate_payment', 'duplicate_refunded']);
    expect((await orderInfo(store.app, placed.order_id)).status).toBe('delivered');
  });
});
