import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../../src/http/app';
import type { CreatedOrder, OrderInfo, OrderStatus } from '@topup/shared/types';
import { DEFAULT_ORDER_SETTINGS, type OrderSettings } from '../../src/orders/order-settings';
import { signWebhook } from '../../src/payments/webhook-signature';
import type { Queryable } from '../../src/db/db';
import { call, openTestStore, type Answer, type TestStore } from './test-app';
import type { TestDbTarget } from './test-db';

/** Fast timings for tests, never the real defaults weakened: each test says what it uses. */
export const FAST_ORDERS: OrderSettings = {
  ...DEFAULT_ORDER_SETTINGS,
  pollIntervalMs: 25,
  backoffMs: [30, 60],
  giveUpAfterMs: 600,
  leaseMs: 5000,
  callTimeoutMs: 2000,
};

export interface OrderStore extends TestStore {
  /** http://127.0.0.1:<port>: the store listens, so the sandbox's webhooks travel over real HTTP. */
  readonly url: string;
  readonly settings: OrderSettings;
}

/** A store on a fresh database that listens on a free port, with the given order settings. */
export async function openOrderStore(target: TestDbTarget, settings: Partial<OrderSettings> = {}, parts: Pick<AppOptions, 'mailTransport' | 'mailSink' | 'games' | 'limits'> = {}): Promise<OrderStore> {
  const merged = { ...FAST_ORDERS, ...settings };
  const store = await openTestStore(target, {}, { orders: merged, ...parts });
  await store.app.listen({ host: '127.0.0.1', port: 0 });
  const address = store.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ...store, url: `http://127.0.0.1:${port}`, settings: merged };
}

/** The returning player's neighbour: account 1 on Emberwing Frontier NA-1. */
export const ARIA = { game_id: 18, area: 'us', server_id: '1801', role_id: '1801001', uid: '1800001' } as const;

let tokens = 0;
export const newToken = () => `test-${process.pid}-${Date.now()}-${(tokens += 1)}`;

export type OrderRequest = Record<string, string | number>;

export function orderRequest(overrides: OrderRequest = {}): OrderRequest {
  return {
    ...ARIA,
    product_id: '18-us-currency-300',
    pay_type: 'card',
    discount_code: '',
    order_token: newToken(),
    ...overrides,
  };
}

export function createOrder(app: FastifyInstance, overrides: OrderRequest = {}): Promise<Answer<CreatedOrder>> {
  return call<CreatedOrder>(app, 'createOrder', orderRequest(overrides));
}

export async function mustCreateOrder(app: FastifyInstance, overrides: OrderRequest = {}): Promise<CreatedOrder> {
  const answer = await createOrder(app, overrides);
  if (answer.ret !== 0) throw new Error(`createOrder: ret ${answer.ret} ${answer.msg}`);
  return answer.data;
}

export async function orderInfo(app: FastifyInstance, orderId: string): Promise<OrderInfo> {
  const answer = await call<OrderInfo>(app, 'orderInfo', { order_id: orderId });
  if (answer.ret !== 0) throw new Error(`orderInfo ${orderId}: ret ${answer.ret} ${answer.msg}`);
  return answer.data;
}

/** Presses Pay or Decline on the sandbox checkout page, as the player's browser would. */
export async function checkout(store: OrderStore, orderId: string, result: 'paid' | 'declined'): Promise<Response> {
  return fetch(`${store.url}/sandbox/checkout/${orderId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `result=${result}`,
    redirect: 'manual',
  });
}

/** Posts a webhook as the sandbox provider does; `sign` lets a test forge or alter it. */
export async function postWebhook(
  store: OrderStore,
  body: Record<string, unknown>,
  sign: (raw: string) => string = (raw) => signWebhook(raw, store.settings.webhookSecret),
): Promise<{ status: number; body: { received: boolean; outcome?: string; error?: string } }> {
  const raw = JSON.stringify(body);
  const response = await fetch(`${store.url}/webhooks/payments/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': sign(raw) },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as { received: boolean; outcome?: string } };
}

/** The webhook the sandbox sends when an order is paid. */
export function paidEvent(order: OrderInfo, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `evt-${order.order_id}`,
    type: 'payment.paid',
    order_id: order.order_id,
    amount: order.amount,
    currency: order.currency,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

/** Polls orderInfo until the order is in one of `statuses` (and, by default, final). */
export async function waitForStatus(app: FastifyInstance, orderId: string, statuses: readonly OrderStatus[], ms = 20_000): Promise<OrderInfo> {
  const until = Date.now() + ms;
  for (;;) {
    const info = await orderInfo(app, orderId);
    if (statuses.includes(info.status) && (info.final || !['delivered', 'refunded'].includes(info.status))) return info;
    if (Date.now() > until) throw new Error(`order ${orderId} stayed ${info.status}, wanted ${statuses.join('/')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Polls orderInfo until the order's timeline holds `event`: what an order's worker does after the
 * status it waits for (a duplicate payment's refund, by the outbox) is read once it happened.
 */
export async function waitForEvent(app: FastifyInstance, orderId: string, event: string, ms = 20_000): Promise<OrderInfo> {
  const until = Date.now() + ms;
  for (;;) {
    const info = await orderInfo(app, orderId);
    if (info.timeline.some((entry) => entry.event === event)) return info;
    if (Date.now() > until) throw new Error(`order ${orderId} never had ${event}: ${info.timeline.map((entry) => entry.event).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function mailsOf(db: Queryable, orderId: string): Promise<Array<{ mail_id: string; title: string; items: unknown }>> {
  return db.query('SELECT mail_id::text, title, items FROM sandbox_mail WHERE mail_key = $1', [orderId]);
}

export async function countRows(db: Queryable, sql: string, params: unknown[] = []): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return rows[0]?.n ?? 0;
}
