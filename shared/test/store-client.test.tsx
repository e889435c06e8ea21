import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { callAction, configureApi, DEFAULT_API_TIMEOUT_MS, getCustUrl, getPayPrice, getRoleInfo, isApiError, requestFamilyB, sendReport, type ApiError } from '@topup/shared/api';
import { pcpay } from '@topup/shared/pay-centre-api';
import { DEFAULT_APP_KEY } from '@topup/shared/sign';
import { i18n, initI18n, localStore, store } from '@topup/shared/store';
import { nodeHttpFetch } from './support/node-http-fetch';

/**
 * The store's Family A and B calls on the one fetch client: the same requests as the axios clients
 * they replace sent, byte for byte, and the same ApiError (kind, ret, the player's words) for each failure.
 */

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

let server: http.Server;
let base = '';
const seen: Seen[] = [];
/** How the next call of each path is answered (default: an empty success envelope). */
let answer: (request: http.IncomingMessage, response: http.ServerResponse) => void;
const envelope = (response: http.ServerResponse, body: unknown, status = 200) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

beforeAll(async () => {
  await initI18n('en');
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  seen.length = 0;
  answer = (_request, response) => envelope(response, { ret: 0, data: [], msg: 'OK' });
  configureApi({ baseURL: `${base}/api`, fetch: nodeHttpFetch, appKey: DEFAULT_APP_KEY, timeoutMs: DEFAULT_API_TIMEOUT_MS });
  await i18n.changeLanguage('en');
  store.getState().setLocale('en');
  window.localStorage.clear();
});

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const wire = (request: Seen | undefined) => request && { method: request.method, url: request.url, accept: request.headers.accept, type: request.headers['content-type'], language: request.headers['accept-language'], body: request.body };
const FORM = 'application/x-www-form-urlencoded';
const AXIOS_ACCEPT = 'application/json, text/plain, */*';

describe('the same requests as the axios clients sent', () => {
  // Every expected method, address, header and body below is what the axios clients of the previous
  // version handed to their transport for the same calls (recorded through their adapter setting).
  it('Family A: signed form posts, the page language in ACCEPT-LANGUAGE', async () => {
    store.getState().setLocale('ko');
    await getRoleInfo({ role_id: '1801002', server_id: '1801', area: 'us', game_id: '18' });
    await getPayPrice({ type: 'Dragon Gems', game_id: '18', area: 'us', role_id: '', ln_uid: '' } as never);
    await sendReport({ game_id: '18', area: 'us', product_id: '', product_type: '', report_type: 1, from: '' } as never);
    await pcpay.roleInfo({ role_id: '1 2&3', server_id: '1801', area: 'us', game_id: '18', role_name: '한글' } as never);

    const family = { method: 'POST', accept: AXIOS_ACCEPT, type: FORM, language: 'ko' };
    expect(seen.map(wire)).toEqual([
      { ...family, url: '/api/getRoleInfo', body: 'role_id=1801002&server_id=1801&area=us&game_id=18&sign=58312831747e9d42bb303d651fff59ec' },
      { ...family, url: '/api/getPayPrice', body: 'type=Dragon+Gems&game_id=18&area=us&role_id=&ln_uid=&sign=4d94bab5ede8767bcb9ef89997114571' },
      { ...family, url: '/api/report', body: 'game_id=18&area=us&product_id=&product_type=&report_type=1&from=&sign=2aa1396833c8f8b9be40ecb22cb80cce' },
      {
        ...family,
        url: '/api/pcpay/roleInfo',
        body: 'role_id=1+2%263&server_id=1801&area=us&game_id=18&role_name=%ED%95%9C%EA%B8%80&sign=caa70f089288ad49b2ffea0485ab105a',
      },
    ]);
    // And the sign is spec §7's: MD5 of the sorted key=value pairs, then & and the app key.
    expect(md5('area=us&game_id=18&role_id=1801002&server_id=1801&topup-dev-key')).toBe('58312831747e9d42bb303d651fff59ec');
    expect(md5('area=us&game_id=18&role_id=1 2&3&role_name=한글&server_id=1801&topup-dev-key')).toBe('caa70f089288ad49b2ffea0485ab105a');
  });

  it('Family A signs with the deployment key the registry gave', async () => {
    configureApi({ appKey: 'another-key' });
    await callAction('getTab', { game_id: '18', area: 'us' });
    expect(seen[0]?.body).toBe(`game_id=18&area=us&sign=${md5('area=us&game_id=18&another-key')}`);
  });

  it('Family B: the stored area, then the page language, in ACCEPT-LANGUAGE; post as a form, get as a query', async () => {
    localStore.set('area', 'kr');
    await requestFamilyB('getPayGameList', 'post');
    await getCustUrl({ game_id: '', area: '' });
    await requestFamilyB('custUrl', 'get', { game_id: 18, note: 'a b&c:$,[]' }, '/x');

    expect(seen.map(wire)).toEqual([
      { method: 'POST', url: '/api/getPayGameList', accept: AXIOS_ACCEPT, type: FORM, language: 'kr,en', body: '' },
      { method: 'POST', url: '/api/custUrl', accept: AXIOS_ACCEPT, type: FORM, language: 'kr,en', body: 'game_id=&area=&sign=a79012f5519f4cbbbedc327ccd935468' },
      // axios.getUri of the same call: /api/custUrl/x?game_id=18&note=a+b%26c:$,%5B%5D
      { method: 'GET', url: '/api/custUrl/x?game_id=18&note=a+b%26c:$,%5B%5D', accept: AXIOS_ACCEPT, type: undefined, language: 'kr,en', body: '' },
    ]);
  });
});

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const summary = (error: ApiError) => [error.kind, error.ret, error.message];

describe('every failure as the player reads it (spec §8)', () => {
  it('ret ≠ 0: the server\'s msg, or the busy text when it gave none', async () => {
    answer = (_request, response) => envelope(response, { ret: 1004, data: null, msg: 'This game is not available in this region.' });
    expect(summary(await failure(callAction('getTab', {})))).toEqual(['server', 1004, 'This game is not available in this region.']);
    answer = (_request, response) => envelope(response, { ret: 1, data: null, msg: '' });
    expect(summary(await failure(callAction('getTab', {})))).toEqual(['server', 1, 'The service is busy. Please try again in a moment.']);
  });

  it('an answer that is no envelope, or not JSON: the busy text, with the HTTP status as ret', async () => {
    answer = (_request, response) => envelope(response, ['not', 'an', 'envelope']);
    expect(summary(await failure(callAction('banners', {})))).toEqual(['server', 200, 'The service is busy. Please try again in a moment.']);
    answer = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>proxy error</html>');
    };
    expect(summary(await failure(requestFamilyB('getPayGameList', 'post')))).toEqual(['server', 200, 'The service is busy. Please try again in a moment.']);
  });

  it("an HTTP error status: the envelope's ret and msg when it sent one, else the status and the busy text", async () => {
    answer = (_request, response) => envelope(response, { ret: 1009, data: null, msg: 'Too many requests. Please wait a moment.' }, 429);
    expect(summary(await failure(callAction('getRoleInfo', {})))).toEqual(['server', 1009, 'Too many requests. Please wait a moment.']);
    answer = (_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
    };
    expect(summary(await failure(callAction('getRoleInfo', {})))).toEqual(['server', 502, 'The service is busy. Please try again in a moment.']);
  });

  it('a timeout, in the page language', async () => {
    answer = () => {
      /* never answers */
    };
    configureApi({ timeoutMs: 100 });
    expect(summary(await failure(callAction('getTab', {})))).toEqual(['timeout', undefined, 'The request timed out. Please try again.']);
    await i18n.changeLanguage('ko');
    expect(summary(await failure(requestFamilyB('custUrl', 'post')))).toEqual(['timeout', undefined, '요청 시간이 초과되었습니다. 다시 시도해 주세요.']);
  });

  it('no answer at all: the network text', async () => {
    answer = (request) => request.socket.destroy();
    expect(summary(await failure(callAction('banners', {})))).toEqual(['network', undefined, 'Network error. Please check your connection and try again.']);
  });

  it('a call the page cancelled: aborted', async () => {
    answer = () => {
      /* never answers */
    };
    const controller = new AbortController();
    const call = callAction('getServerList', {}, controller.signal);
    controller.abort();
    expect(summary(await failure(call))).toEqual(['aborted', undefined, 'The request was cancelled. Please try again.']);
  });

  it('the page\'s own fetch when no transport is set', async () => {
    const pageFetch = jest.fn(nodeHttpFetch);
    const before = global.fetch;
    global.fetch = pageFetch as typeof fetch;
    try {
      configureApi({ fetch: undefined });
      expect(await callAction('getTab', { game_id: '18' })).toEqual([]);
      expect(pageFetch).toHaveBeenCalledWith(`${base}/api/getTab`, expect.objectContaining({ method: 'POST' }));
    } finally {
      global.fetch = before;
    }
  });
});
