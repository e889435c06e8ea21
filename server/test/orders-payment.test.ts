import type { CreatedOrder } from '@topup/shared/types';
import { reconcileOrders } from '../src/orders/reconciliation';
import { signWebhook } from '../src/payments/webhook-signature';
import {
  checkout,
  countRows,
  mailsOf,
  mustCreateOrder,
  openOrderStore,
  orderInfo,
  orderRequest,
  paidEvent,
  postWebhook,
  waitForStatus,
  type OrderStore,
} from './support/order-helpers';
import { call } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

describe.each(testDbTargets())('payment webhooks on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
  });
  afterAll(async () => {
    if (store) expect(await reconcileOrders(store.db)).toEqual([]);
    await store?.close();
  });

  /** Everything a webhook could have changed about an order. */
  const footprint = async (orderId: string) => ({
    info: await orderInfo(store.app, orderId),
    payments: await countRows(store.db, 'payment_events WHERE order_id = $1', [orderId]),
    jobs: await countRows(store.db, 'delivery_outbox WHERE order_id = $1', [orderId]),
    mails: (await mailsOf(store.db, orderId)).length,
  });

  it('10 replays of a paid webhook make one payment and one delivery', async () => {
    const placed = await mustCreateOrder(store.app, { product_id: '18-us-currency-980' });
    const event = paidEvent(await orderInfo(store.app, placed.order_id));
    const answers = await Promise.all(Array.from({ length: 10 }, () => postWebhook(store, event)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(['applied', ...Array(9).fill('replay')]);
    const delivered = await waitForStatus(store.app, placed.order_id, ['delivered']);
    expect(delivered.timeline.filter((entry) => entry.event === 'paid')).toHaveLength(1);
    // Replayed after delivery: still success, still nothing new.
    expect(await postWebhook(store, event)).toMatchObject({ status: 200, body: { outcome: 'replay' } });
    expect(await footprint(placed.order_id)).toMatchObject({ payments: 1, jobs: 0, mails: 1 });
  });

  describe('refuses, changing nothing,', () => {
    let orderId: string;
    let before: Awaited<ReturnType<typeof footprint>>;
    beforeAll(async () => {
      orderId = (await mustCreateOrder(store.app, { role_id: '1802001', server_id: '1802' })).order_id;
      before = await footprint(orderId);
    });
    afterEach(async () => {
      expect(await footprint(orderId)).toEqual(before);
    });

    it('a webhook signed with another secret', async () => {
      const answer = await postWebhook(store, paidEvent(before.info), (raw) => signWebhook(raw, 'guessed-secret'));
      expect(answer).toEqual({ status: 401, body: { received: false, error: 'signature' } });
    });

    it('a webhook altered after signing', async () => {
      const genuine = JSON.stringify(paidEvent(before.info, { amount: '0.01' }));
      const answer = await postWebhook(store, paidEvent(before.info), () => signWebhook(genuine, store.settings.webhookSecret));
      expect(answer.status).toBe(401);
    });

    it('a webhook without a signature, or a malformed one', async () => {
      expect((await postWebhook(store, paidEvent(before.info), () => '')).status).toBe(401);
      expect((await postWebhook(store, { id: 'x', type: 'payment.paid', order_id: orderId, amount: 4.99, currency: 'USD' })).status).toBe(400);
      const response = await fetch(`${store.url}/webhooks/payments/stripe`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(404);
    });

    it('an amount or a currency that is not the order\'s', async () => {
      expect(await postWebhook(store, paidEvent(before.info, { amount: '0.01' }))).toMatchObject({ status: 409, body: { outcome: 'mismatch' } });
      expect(await postWebhook(store, paidEvent(before.info, { amount: '4990', currency: 'KRW' }))).toMatchObject({ status: 409 });
    });

    it('an order the store does not know', async () => {
      expect(await postWebhook(store, paidEvent(before.info, { order_id: 'TP000000NOSUCHORDER' }))).toMatchObject({
        status: 404,
        body: { outcome: 'unknownOrder' },
      });
    });
  });

  it('a declined payment ends the order and delivers nothing', async () => {
    const placed = await mustCreateOrder(store.app, { role_id: '1802002', server_id: '1802', uid: '1800002' });
    expect((await checkout(store, placed.order_id, 'declined')).status).toBe(303);
    const declined = await waitForStatus(store.app, placed.order_id, ['declined']);
    expect(declined).toMatchObject({ final: 1, pay_url: '' });
    expect(declined.timeline.map((entry) => entry.event)).toEqual(['created', 'declined']);
    // The checkout no longer offers Pay; pressing it on a stale page changes nothing.
    expect(await (await fetch(`${store.url}${placed.pay_url}`)).text()).toContain('This payment was declined.');
    expect((await checkout(store, placed.order_id, 'paid')).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await footprint(placed.order_id)).toMatchObject({ info: { status: 'declined' }, payments: 1, jobs: 0, mails: 0 });
  });

  it('an order unpaid for too long expires; a payment whose webhook comes after that is refunded', async () => {
    const placed = await mustCreateOrder(store.app, { role_id: '1802003', server_id: '1802', uid: '1800003', product_id: '18-us-currency-60' });
    await store.db.query(`UPDATE orders SET expires_at = now() - interval '1 second' WHERE order_id = $1`, [placed.order_id]);
    // The sandbox no longer takes it...
    expect(await (await fetch(`${store.url}${placed.pay_url}`)).text()).toContain('This order expired: it was not paid within 30 minutes.');
    const expired = await waitForStatus(store.app, placed.order_id, ['expired']);
    expect(expired.final).toBe(1);
    // ...but it had taken the money at the last second, and its webhook was lost: the sandbox
    // sends it again, the store finds the order expired and gives the money back.
    await store.db.query(
      `INSERT INTO sandbox_payments (order_id, attempt_id, event_id, result, amount_minor, currency, created_at, webhook_attempts, webhook_last_sent_at)
       VALUES ($1, $1, $2, 'paid', 99, 'USD', now() - interval '1 minute', 1, now() - interval '1 minute')`,
      [placed.order_id, `sbx_evt_${placed.order_id}`],
    );
    const refunded = await waitForStatus(store.app, placed.order_id, ['refunded']);
    expect(refunded.timeline.map((entry) => entry.event)).toEqual(['created', 'expired', 'late_payment', 'refunded']);
    expect(await countRows(store.db, 'refunds WHERE order_id = $1', [placed.order_id])).toBe(1);
    expect(await countRows(store.db, 'sandbox_payments WHERE order_id = $1 AND refunded_at IS NOT NULL', [placed.order_id])).toBe(1);
    expect(await mailsOf(store.db, placed.order_id)).toHaveLength(0);
  });

  it('the sandbox checkout shows the amount, in the order\'s language, and 404 for an unknown order', async () => {
    const placed = await mustCreateOrder(store.app, { area: 'kr', server_id: '1831', role_id: '1831003', uid: '1800003', product_id: '18-kr-currency-980', pay_type: 'mobile' });
    const page = await (await fetch(`${store.url}${placed.pay_url}`)).text();
    expect(page).toContain('<html lang="ko">');
    // ₩19,000 with mobile-phone billing's 10 %: the price the order page showed beside the method.
    expect(page).toContain('₩20,900');
    expect(page).toContain('휴대폰 결제');
    expect(page).toContain('name="result" value="paid"');
    expect(page).toContain('name="result" value="declined"');
    expect((await fetch(`${store.url}/sandbox/checkout/NOSUCH`)).status).toBe(404);
    expect((await fetch(`${store.url}/sandbox/checkout/%3Cscript%3E`)).status).toBe(404);

    // A Chinese page on an English area: the payment page opens in Chinese too.
    const chinese = await call<CreatedOrder>(store.app, 'createOrder', orderRequest({ role_id: '1802003', server_id: '1802', uid: '1800003' }), { headers: { 'accept-language': 'zh' } });
    expect(chinese.data.pay_url).toMatch(/\?lang=zh$/);
    const zhPage = await (await fetch(`${store.url}${chinese.data.pay_url}`)).text();
    expect(zhPage).toContain('<html lang="zh">');
    expect(zhPage).toContain('沙盒收银台');
  });

  it("sends the pay centre's orders back to the pay centre's result page, the phone's to /payResult, whatever a form says", async () => {
    const desktop = await call<CreatedOrder>(store.app, 'pcpay/pay', orderRequest({ role_id: '1802002', server_id: '1802', uid: '1800002' }));
    expect(desktop.data.pay_url).toBe(`/sandbox/checkout/${desktop.data.order_id}?lang=en&return=pcpay`);
    const following = await call<{ pay_url: string }>(store.app, 'pcpay/getOrderInfo', { order_id: desktop.data.order_id });
    expect(following.data.pay_url).toBe(desktop.data.pay_url);
    // The phone's reading of the same order (My orders, /payResult) keeps the phone's way back.
    expect((await orderInfo(store.app, desktop.data.order_id)).pay_url).toBe(`/sandbox/checkout/${desktop.data.order_id}?lang=en`);
    const page = await (await fetch(`${store.url}${desktop.data.pay_url}`)).text();
    expect(page).toContain('name="return" value="pcpay"');
    const post = (orderId: string, back: string) =>
      fetch(`${store.url}/sandbox/checkout/${orderId}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `result=declined&return=${back}`, redirect: 'manual' });
    expect((await post(desktop.data.order_id, 'pcpay')).headers.get('location')).toBe(`/#/pcpay?order_id=${desktop.data.order_id}`);
    // Only the closed set of pages: an address or anything else goes to the phone's result page.
    expect((await post(desktop.data.order_id, encodeURIComponent('https://evil.example/'))).headers.get('location')).toBe(`/#/payResult?order_id=${desktop.data.order_id}`);
    const phone = await mustCreateOrder(store.app, { role_id: '1802001', server_id: '1802', uid: '1800001' });
    expect(phone.pay_url).toBe(`/sandbox/checkout/${phone.order_id}?lang=en`);
    expect(await (await fetch(`${store.url}${phone.pay_url}`)).text()).toContain('name="return" value="payResult"');
    expect((await checkout(store, phone.order_id, 'declined')).headers.get('location')).toBe(`/#/payResult?order_id=${phone.order_id}`);
  });
});
