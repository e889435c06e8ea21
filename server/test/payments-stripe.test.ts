import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { CreatedOrder } from '@topup/shared/types';
import { loadCatalogue } from '../src/catalogue/load-catalogue';
import { offeredPayTypes } from '../src/catalogue/catalogue';
import { actOnOrder } from '../src/ops/order-actions';
import { loadStripeSettings, stripeProblems, unsupportedPayTypes, type StripeSettings } from '../src/payments/stripe/stripe-settings';
import { FAST_ORDERS, mustCreateOrder, orderInfo, orderRequest } from './support/order-helpers';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

const WEBHOOK_SECRET = 'whsec_test_topup';

interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly form: URLSearchParams;
}

/** Stripe's API as a recorded local stand-in: the adapter's requests are checked field by field. */
async function startStripeStandIn(): Promise<{ url: string; requests: Recorded[]; sessions: Array<Record<string, unknown>>; close(): Promise<void> }> {
  const requests: Recorded[] = [];
  const sessions: Array<Record<string, unknown>> = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const form = new URLSearchParams(request.method === 'GET' ? url.search : body);
      requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, form });
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${sessions.length + 1}`;
        const session = { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, client_reference_id: form.get('client_reference_id') };
        sessions.push(session);
        response.end(JSON.stringify(session));
      } else if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        response.end(JSON.stringify({ id: `re_test_${requests.length}`, object: 'refund', amount: Number(form.get('amount')), status: 'succeeded' }));
      } else {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `no ${request.method} ${url.pathname} in the stand-in` } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, sessions, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const webhookSigner = new Stripe('sk_test_signer');

function sessionEvent(type: string, session: Record<string, unknown>, id = `evt_${Math.random().toString(36).slice(2)}`): string {
  return JSON.stringify({ id, object: 'event', api_version: '2025-10-29.clover', created: Math.floor(Date.now() / 1000), type, data: { object: { object: 'checkout.session', ...session } } });
}

describe.each(testDbTargets())('Stripe Checkout on $name', (target) => {
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let settings: StripeSettings;
  let store: TestStore;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    settings = loadStripeSettings({
      STRIPE_SECRET_KEY: 'sk_test_topupstore',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_URL: 'https://shop.example.com/',
      STRIPE_API_BASE: standIn.url,
    });
    store = await openTestStore(target, { paymentProvider: 'stripe', stripe: settings }, { orders: FAST_ORDERS });
  });
  afterAll(async () => {
    await store?.close();
    await standIn?.close();
  });

  async function postWebhook(payload: string, signature = webhookSigner.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) {
    const response = await store.app.inject({ method: 'POST', url: '/webhooks/payments/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    return { status: response.statusCode, body: response.json() as { received: boolean; outcome?: string } };
  }

  async function waitForStatus(orderId: string, status: string): Promise<void> {
    for (let tries = 0; tries < 200; tries += 1) {
      if ((await orderInfo(store.app, orderId)).status === status) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${orderId} never became ${status}: ${(await orderInfo(store.app, orderId)).status}`);
  }

  const paidSession = (order: CreatedOrder, paymentIntent: string, amount = 499) => ({
    id: `cs_for_${order.order_id}`,
    client_reference_id: order.order_id,
    payment_intent: paymentIntent,
    payment_status: 'paid',
    amount_total: amount,
    currency: 'usd',
  });

  it("opens a hosted Checkout Session at the store's price, once per order, and sends the player back to the result page", async () => {
    const order = await mustCreateOrder(store.app, { product_id: '18-us-currency-300', pay_type: 'wallet' });
    expect(order.pay_url).toBe(`/payments/stripe/checkout/${order.order_id}?lang=en`);
    const opened = await store.app.inject({ method: 'GET', url: `/payments/stripe/checkout/${order.order_id}?lang=ko` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);

    const created = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.headers.authorization).toBe('Bearer sk_test_topupstore');
    expect(created.headers['idempotency-key']).toBe(`checkout-${order.order_id}`);
    const field = (name: string) => created.form.get(name);
    expect({
      mode: field('mode'),
      client_reference_id: field('client_reference_id'),
      order: field('metadata[order_id]'),
      currency: field('line_items[0][price_data][currency]'),
      unit_amount: field('line_items[0][price_data][unit_amount]'),
      name: field('line_items[0][price_data][product_data][name]'),
      quantity: field('line_items[0][quantity]'),
      methods: created.form.getAll('allowed_payment_method_types[0]').concat(created.form.getAll('allowed_payment_method_types[1]')),
      locale: field('locale'),
      success_url: field('success_url'),
    }).toEqual({
      mode: 'payment',
      client_reference_id: order.order_id,
      order: order.order_id,
      currency: 'usd',
      unit_amount: '499',
      name: '300 Dragon Gems',
      quantity: '1',
      methods: ['card', 'link'],
      locale: 'ko',
      success_url: `https://shop.example.com/#/payResult?order_id=${order.order_id}`,
    });
    // Stripe wants 30 minutes at least: the session lives until the order's deadline or that.
    expect(Number(field('expires_at'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
  });

  it("sends the pay centre's orders back to the pay centre's result page", async () => {
    const placed = await call<CreatedOrder>(store.app, 'pcpay/pay', orderRequest({ product_id: '18-us-currency-300', pay_type: 'wallet', role_id: '1802002', server_id: '1802', uid: '1800002' }));
    const order = placed.data;
    expect(order.pay_url).toBe(`/payments/stripe/checkout/${order.order_id}?lang=en&return=pcpay`);
    expect((await store.app.inject({ method: 'GET', url: order.pay_url })).statusCode).toBe(303);
    const created = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.form.get('client_reference_id') === order.order_id).at(-1)!;
    expect([created.form.get('success_url'), created.form.get('cancel_url')]).toEqual([
      `https://shop.example.com/#/pcpay?order_id=${order.order_id}`,
      `https://shop.example.com/#/pcpay?order_id=${order.order_id}`,
    ]);
  });

  it('sends every visit of an order to the session it opened while that is open, asking Stripe once; an ended session gives way to a new one', async () => {
    const order = await mustCreateOrder(store.app, { product_id: '18-us-currency-300', pay_type: 'wallet' });
    const creations = () => standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.form.get('client_reference_id') === order.order_id);
    const visit = (index: number) => store.app.inject({ method: 'GET', url: `/payments/stripe/checkout/${order.order_id}?lang=en`, remoteAddress: `198.51.100.${index % 200}` });
    const locations = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const answer = await visit(i);
      expect(answer.statusCode).toBe(303);
      locations.add(String(answer.headers.location));
    }
    expect(locations.size).toBe(1);
    expect(creations()).toHaveLength(1);
    // The session ended (or is about to): the next visit opens another under a key of its own.
    await store.db.query(`UPDATE stripe_checkout_sessions SET expires_at = now() + interval '1 minute' WHERE order_id = $1`, [order.order_id]);
    const renewed = await visit(1);
    expect(renewed.statusCode).toBe(303);
    expect(creations()).toHaveLength(2);
    expect(creations()[1]!.headers['idempotency-key']).toBe(`checkout-${order.order_id}-2`);
    expect(renewed.headers.location).not.toBe([...locations][0]);
  });

  it('limits the visits of checkout addresses per client address', async () => {
    const order = await mustCreateOrder(store.app, { product_id: '18-us-currency-300', pay_type: 'wallet' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await store.app.inject({ method: 'GET', url: `/payments/stripe/checkout/${order.order_id}`, remoteAddress: '203.0.113.99' })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 303)).toBe(true);
    const refused = await store.app.inject({ method: 'GET', url: `/payments/stripe/checkout/${order.order_id}`, remoteAddress: '203.0.113.99' });
    expect(refused.statusCode).toBe(429);
    expect(statuses[30]).toBe(429);
    expect((await store.app.inject({ method: 'GET', url: `/payments/stripe/checkout/${order.order_id}`, remoteAddress: '203.0.113.100' })).statusCode).toBe(303);
  });

  it('takes a signed completed session to paid and delivered; the same event again changes nothing', async () => {
    const order = await mustCreateOrder(store.app, { product_id: '18-us-currency-300' });
    const payload = sessionEvent('checkout.session.completed', paidSession(order, `pi_${order.order_id}`), `evt_paid_${order.order_id}`);
    expect(await postWebhook(payload)).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    await waitForStatus(order.order_id, 'delivered');
    expect(await postWebhook(payload)).toEqual({ status: 200, body: { received: true, outcome: 'replay' } });
    expect((await orderInfo(store.app, order.order_id)).status).toBe('delivered');
    // A delivered order has no payment page any more: its link goes to the result.
    const late = await store.app.inject({ method: 'GET', url: `/payments/stripe/checkout/${order.order_id}` });
    expect(late.headers.location).toBe(`/#/payResult?order_id=${order.order_id}`);
  });

  it('refuses a wrong signature and an amount that is not the order’s, and changes nothing', async () => {
    const order = await mustCreateOrder(store.app, { product_id: '18-us-currency-300' });
    const payload = sessionEvent('checkout.session.completed', paidSession(order, `pi_x_${order.order_id}`));
    const forged = webhookSigner.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await postWebhook(payload, forged)).status).toBe(401);
    expect((await postWebhook(payload.replace('"amount_total":499', '"amount_total":1'))).status).toBe(409);
    expect((await orderInfo(store.app, order.order_id)).status).toBe('created');
  });

  it('waits for an asynchronous payment, then pays on success; a failure after payment changes nothing', async () => {
    const order = await mustCreateOrder(store.app, { product_id: '18-us-currency-300' });
    const pending = { ...paidSession(order, `pi_async_${order.order_id}`), payment_status: 'unpaid' };
    expect(await postWebhook(sessionEvent('checkout.session.completed', pending))).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect((await orderInfo(store.app, order.order_id)).status).toBe('created');
    expect((await postWebhook(sessionEvent('checkout.session.async_payment_succeeded', paidSession(order, `pi_async_${order.order_id}`)))).body.outcome).toBe('applied');
    await waitForStatus(order.order_id, 'delivered');
    // Out of order: a failure notice arriving after the payment is received and ignored.
    expect((await postWebhook(sessionEvent('checkout.session.async_payment_failed', { ...pending, payment_status: 'unpaid' }))).body.outcome).toBe('ignored');
    expect((await orderInfo(store.app, order.order_id)).status).toBe('delivered');
  });

  it('declines an order whose asynchronous payment failed; an expired session leaves the order to its own deadline', async () => {
    const order = await mustCreateOrder(store.app, { product_id: '18-us-currency-300' });
    const unpaid = { ...paidSession(order, `pi_fail_${order.order_id}`), payment_status: 'unpaid' };
    expect((await postWebhook(sessionEvent('checkout.session.expired', { ...unpaid, status: 'expired' }))).body.outcome).toBe('ignored');
    expect((await orderInfo(store.app, order.order_id)).status).toBe('created');
    expect((await postWebhook(sessionEvent('checkout.session.async_payment_failed', unpaid))).body.outcome).toBe('applied');
    expect((await orderInfo(store.app, order.order_id)).status).toBe('declined');
  });

  it('refunds a second payment of a paid order through the Refunds API, naming its PaymentIntent', async () => {
    const order = await mustCreateOrder(store.app, { product_id: '18-us-currency-300' });
    await postWebhook(sessionEvent('checkout.session.completed', paidSession(order, `pi_first_${order.order_id}`)));
    expect((await postWebhook(sessionEvent('checkout.session.completed', paidSession(order, `pi_second_${order.order_id}`)))).body.outcome).toBe('duplicate');
    let refund: Recorded | undefined;
    for (let tries = 0; tries < 200 && !refund; tries += 1) {
      refund = standIn.requests.find((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === `pi_second_${order.order_id}`);
      if (!refund) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(refund?.form.get('amount')).toBe('499');
    expect(refund?.headers['idempotency-key']).toBe(`refund-pi_second_${order.order_id}-499`);
    expect(standIn.requests.some((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === `pi_first_${order.order_id}`)).toBe(false);
  });

  it('refunds a delivered order in parts, each under a key of its own, then the rest as the whole refund', async () => {
    const order = await mustCreateOrder(store.app, { product_id: '18-us-currency-300' });
    const intent = `pi_parts_${order.order_id}`;
    await postWebhook(sessionEvent('checkout.session.completed', paidSession(order, intent)));
    await waitForStatus(order.order_id, 'delivered');
    const desk = { name: 'support@ops.example', operatorId: null, address: 'test' };
    for (const [key, amount] of [['stripe-part-1', 100], ['stripe-part-2', 100]] as const) {
      expect(await actOnOrder(store.db, desk, { action: 'partial_refund', orderId: order.order_id, reason: 'two packs short', requestKey: key, amountMinor: amount })).toMatchObject({ done: true });
    }
    await expect(actOnOrder(store.db, desk, { action: 'partial_refund', orderId: order.order_id, reason: 'too much', requestKey: 'stripe-part-3', amountMinor: 300 })).rejects.toMatchObject({ code: 'amountTooLarge' });
    const refundsOf = () => standIn.requests.filter((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === intent);
    for (let tries = 0; tries < 200 && refundsOf().length < 2; tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    // Two parts of the same amount are two refunds: each has its own idempotency key.
    expect(refundsOf().map((r) => [r.form.get('amount'), r.headers['idempotency-key']]).sort()).toEqual([
      ['100', `refund-${intent}-part:1`],
      ['100', `refund-${intent}-part:2`],
    ]);
    for (let tries = 0; tries < 200; tries += 1) {
      if ((await store.db.query(`SELECT 1 FROM refunds WHERE order_id = $1 AND kind = 'partial'`, [order.order_id])).length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await actOnOrder(store.db, desk, { action: 'refund', orderId: order.order_id, reason: 'gave up', requestKey: 'stripe-whole-1' })).toMatchObject({ done: true });
    await waitForStatus(order.order_id, 'refunded');
    expect(refundsOf().map((r) => r.form.get('amount')).sort()).toEqual(['100', '100', '299']);
    expect(refundsOf().at(-1)!.headers['idempotency-key']).toBe(`refund-${intent}-299`);
    expect(await store.db.query(`SELECT kind, amount_minor, reason FROM refunds WHERE order_id = $1 ORDER BY id`, [order.order_id])).toEqual([
      { kind: 'partial', amount_minor: 100, reason: 'support desk (support@ops.example): two packs short' },
      { kind: 'partial', amount_minor: 100, reason: 'support desk (support@ops.example): two packs short' },
      { kind: 'order', amount_minor: 299, reason: 'support desk (support@ops.example): gave up; the items had been delivered' },
    ]);
  });

  it('refuses at start-up pay types Stripe cannot take, and missing keys', async () => {
    const demo = await loadCatalogue(store.db);
    expect(unsupportedPayTypes(settings, offeredPayTypes(demo))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^pay type "mobile" \(game \d+, area kr\) has no Stripe payment method/)]),
    );
    expect(unsupportedPayTypes(loadStripeSettings({ STRIPE_PAY_METHODS: '{"mobile":["kr_card"]}' }), offeredPayTypes(demo))).toEqual([]);
    expect(stripeProblems(loadStripeSettings({}))).toHaveLength(3);
    expect(stripeProblems(settings)).toEqual([]);
    expect(() => loadStripeSettings({ STRIPE_PAY_METHODS: 'card' })).toThrow('STRIPE_PAY_METHODS must be JSON');
  });
});
