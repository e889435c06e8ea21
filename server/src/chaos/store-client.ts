import http from 'node:http';
import { sign } from '@topup/shared/sign';
import type { CreatedOrder, OrderInfo } from '@topup/shared/types';

/**
 * The store API as a page calls it over HTTP, signed with the app key: placing an order
 * (`createOrder`), paying it on the sandbox checkout and following it (`orderInfo`). Shared by the
 * cluster tests and `npm run chaos`; nothing here is part of the store itself.
 */

/** The development app key (APP_KEY's default), which the demo store and the tests sign with. */
export const DEV_APP_KEY = 'topup-dev-key';

export type ApiPayload = Record<string, string | number>;

/** A demo character and the bundle it buys (the chaos players' and the order benchmarks'). */
export interface Buyer {
  readonly game_id: number;
  readonly area: string;
  readonly server_id: string;
  readonly role_id: string;
  readonly uid: string;
  readonly product_id: string;
}

export interface Answer<T> {
  readonly status: number;
  readonly ret: number;
  readonly data: T;
  readonly msg: string;
  /** The instance HAProxy sent the request to (absent when an instance was asked directly). */
  readonly servedBy: string | null;
}

/** Where a request comes from: a loopback address of its own is another player to the store. */
export interface From {
  readonly localAddress?: string;
  readonly headers?: Record<string, string>;
  /** Gives up (rejects) after this long; default: no limit. */
  readonly timeoutMs?: number;
  readonly appKey?: string;
}

/**
 * A signed store API call over HTTP, to the balancer or to one instance; rejects on a network error or
 * an answer that is not JSON (that error carries the answer's `status` and `servedBy`).
 */
export function api<T>(url: string, action: string, payload: ApiPayload, from: From = {}): Promise<Answer<T>> {
  const body = JSON.stringify({ ...payload, sign: sign(payload, from.appKey ?? DEV_APP_KEY) });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/api/${action}`,
      { method: 'POST', localAddress: from.localAddress, headers: { 'content-type': 'application/json', ...from.headers }, timeout: from.timeoutMs },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('error', reject);
        response.on('end', () => {
          const servedBy = typeof response.headers['x-served-by'] === 'string' ? response.headers['x-served-by'] : null;
          try {
            const answer = JSON.parse(text) as { ret: number; data: T; msg: string };
            resolve({ status: response.statusCode ?? 0, ...answer, servedBy });
          } catch {
            reject(Object.assign(new Error(`${action} answered ${response.statusCode}: ${text.slice(0, 200)}`), { status: response.statusCode ?? 0, servedBy }));
          }
        });
      },
    );
    request.once('timeout', () => request.destroy(new Error(`${action} took longer than ${from.timeoutMs} ms`)));
    request.once('error', reject);
    request.end(body);
  });
}

export const createOrder = (url: string, request: ApiPayload, from: From = {}) => api<CreatedOrder>(url, 'createOrder', request, from);

/** The order as its page shows it; throws unless the store answers it. */
export async function orderInfo(url: string, orderId: string, from: From = {}): Promise<OrderInfo> {
  const answer = await api<OrderInfo>(url, 'orderInfo', { order_id: orderId }, from);
  if (answer.ret !== 0) throw new Error(`orderInfo ${orderId}: ${answer.ret} ${answer.msg}`);
  return answer.data;
}

/**
 * Presses Pay (or Decline) on the sandbox checkout page at `url` (the balancer, or one instance).
 * Without a checkout attempt the order is the attempt: pressed again, it pays once.
 */
export const pay = (url: string, order: Pick<CreatedOrder, 'pay_url'>, result: 'paid' | 'declined' = 'paid', timeoutMs?: number) =>
  fetch(`${url}${order.pay_url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `result=${result}`,
    redirect: 'manual',
    signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
  });
