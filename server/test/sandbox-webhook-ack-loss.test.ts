import { checkout, countRows, mailsOf, mustCreateOrder, openOrderStore, waitForStatus, type OrderStore } from './support/order-helpers';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

describe.each(testDbTargets())('the sandbox payment provider losing the store\'s acknowledgements on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });

  const post = (payload: unknown) =>
    store.app.inject({ method: 'POST', url: '/sandbox/webhook-ack-losses', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const paymentOf = async (orderId: string) =>
    (await store.db.query<{ webhook_attempts: number; acknowledged: boolean }>(
      'SELECT webhook_attempts, webhook_acknowledged_at IS NOT NULL AS acknowledged FROM sandbox_payments WHERE order_id = $1',
      [orderId],
    ))[0];

  it('sends a webhook whose answer it lost again, and the store takes the repeat as the same payment', async () => {
    expect((await post({ lose_next: 1 })).json()).toEqual({ ret: 0, data: { lose_next: 1 }, msg: 'OK' });
    expect((await store.app.inject({ method: 'GET', url: '/sandbox/webhook-ack-losses' })).json()).toMatchObject({ data: { lose_next: 1 } });

    const order = await mustCreateOrder(store.app);
    expect((await checkout(store, order.order_id, 'paid')).status).toBe(303);
    // The store took the webhook (the order is paid), but the provider books it as unanswered.
    expect(await paymentOf(order.order_id)).toEqual({ webhook_attempts: 1, acknowledged: false });
    expect((await store.app.inject({ method: 'GET', url: '/sandbox/webhook-ack-losses' })).json()).toMatchObject({ data: { lose_next: 0 } });
    await waitForStatus(store.app, order.order_id, ['delivered']);

    // Its resend (5 s later) is acknowledged; the store counts one payment and delivers once.
    const until = Date.now() + 20_000;
    while (!(await paymentOf(order.order_id))?.acknowledged && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await paymentOf(order.order_id)).toEqual({ webhook_attempts: 2, acknowledged: true });
    expect(await countRows(store.db, 'payment_events WHERE order_id = $1', [order.order_id])).toBe(1);
    expect(await mailsOf(store.db, order.order_id)).toHaveLength(1);
    expect((await waitForStatus(store.app, order.order_id, ['delivered'])).timeline.map((entry) => entry.event)).toEqual(['created', 'paid', 'delivering', 'mail_sent', 'delivered']);

    // With the switch at 0, the next payment is acknowledged at once.
    const next = await mustCreateOrder(store.app);
    await checkout(store, next.order_id, 'paid');
    expect(await paymentOf(next.order_id)).toEqual({ webhook_attempts: 1, acknowledged: true });
  });

  it('refuses a count it cannot read, and changes nothing then', async () => {
    await post({ lose_next: 2 });
    for (const bad of ['many', -1, 1.5, '2000000', null]) {
      const answer = await post({ lose_next: bad });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ ret: 1003 });
    }
    expect((await store.app.inject({ method: 'GET', url: '/sandbox/webhook-ack-losses' })).json()).toMatchObject({ data: { lose_next: 2 } });
    expect((await post({ lose_next: 'off' })).json()).toMatchObject({ data: { lose_next: 0 } });
  });
});
