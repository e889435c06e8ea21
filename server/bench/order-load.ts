/** The orders benchmarks' load: demo characters placing signed orders, each with a token of its own. */
import runAutocannon from 'autocannon';
import { sign } from '@topup/shared/sign';
import type { SandboxRole } from '@topup/shared/types';

const APP_KEY = 'topup-dev-key';
const GAMES = [18, 44, 232, 134, 284, 14, 136, 182, 27, 310];

import type { Buyer } from '../src/chaos/store-client';

export type { Buyer };

/** Every demo character, each buying its area's smallest currency bundle (no purchase limit). */
export async function demoBuyers(url: string): Promise<Buyer[]> {
  const all: Buyer[] = [];
  for (const gameId of GAMES) {
    const body = (await (await fetch(`${url}/sandbox/roles?game_id=${gameId}`)).json()) as { data: SandboxRole[] };
    for (const role of body.data) {
      all.push({ game_id: gameId, area: role.area, server_id: role.server_id, role_id: role.role_id, uid: role.uid, product_id: `${gameId}-${role.area}-currency-60` });
    }
  }
  return all;
}

let sequence = 0;

/** A signed createOrder body with an order token of its own, starting with `prefix`. */
export function orderBody(buyer: Buyer, prefix: string): string {
  sequence += 1;
  const payload = { ...buyer, pay_type: 'card', discount_code: '', order_token: `${prefix}${process.pid}-${sequence}` };
  return JSON.stringify({ ...payload, sign: sign(payload, APP_KEY) });
}

interface RequestParams {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The part of autocannon's API these benchmarks use: a new body (token, sign) for every request. */
type Autocannon = (
  options: {
    url: string;
    connections: number;
    duration: number;
    requests: Array<RequestParams & { setupRequest: (request: RequestParams) => RequestParams }>;
  },
  done: (
    error: Error | null,
    result: { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; timeouts: number; non2xx: number; '2xx': number },
  ) => void,
) => unknown;
const autocannon = runAutocannon as unknown as Autocannon;

export interface Placing {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly answered: number;
  readonly failures: number;
}

/** Places orders at `url` from `connections` connections for `seconds`, the buyers taking turns. */
export function placeOrders(url: string, everyone: readonly Buyer[], prefix: string, seconds: number, connections: number): Promise<Placing> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/createOrder',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: orderBody(everyone[(next += 1) % everyone.length]!, prefix) }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          answered: result['2xx'],
          failures: result.errors + result.timeouts + result.non2xx,
        });
      },
    );
  });
}
