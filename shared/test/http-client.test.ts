import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, httpRequest } from '../src/api/http-client';

/**
 * The browser's one HTTP client against a real HTTP server, through Node's own `fetch` (the same
 * WHATWG fetch the browser has): what it sends, and the one error it gives for every failure.
 */

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

const servers: http.Server[] = [];

async function serve(handler: Handler): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      handler(request, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const json =
  (status: number, body: unknown): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function failureOf(call: Promise<unknown>): Promise<HttpError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('the browser HTTP client: what it sends', () => {
  it('posts a form, an absent value as the empty string, with its headers', async () => {
    const { url, seen } = await serve(json(200, { ret: 0 }));
    const answer = await httpRequest(`${url}/api/getRoleInfo`, {
      method: 'POST',
      form: { role_id: '1 2&3', server_id: 1801, role_name: '한글', server_sign: undefined, region: null },
      headers: { 'accept-language': 'ko' },
    });
    expect(answer).toEqual({ status: 200, body: { ret: 0 } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/getRoleInfo', body: 'role_id=1+2%263&server_id=1801&role_name=%ED%95%9C%EA%B8%80&server_sign=&region=' });
    expect(seen[0]?.headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'ko' });
  });

  it('sends JSON as JSON, and a GET with its query and no body', async () => {
    const { url, seen } = await serve(json(200, { ok: true }));
    await httpRequest(`${url}/ops/api/orders`, { method: 'PATCH', json: { note: 'a', n: 1 } });
    expect(seen[0]).toMatchObject({ method: 'PATCH', body: '{"note":"a","n":1}' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');

    // Encoded as the store's pages always have (axios's rule, `axios.getUri` gives
    // "/api/custUrl/x?game_id=18&note=a+b%26c:$,%5B%5D~!*()'%C3%A9"): `a+b`, and `:`, `$`, `,` left as
    // they are. On the wire `'` is %27 either way: the URL parser of fetch (and of XHR) escapes it.
    await httpRequest(`${url}/api/custUrl/x`, { query: { game_id: '18', note: "a b&c:$,[]~!*()'é" } });
    expect(seen[1]).toMatchObject({ method: 'GET', url: '/api/custUrl/x?game_id=18&note=a+b%26c:$,%5B%5D~!*()%27%C3%A9', body: '' });
    expect(seen[1]?.headers['content-type']).toBeUndefined();

    await httpRequest(`${url}/api/list?page=2`, { query: { q: 'x' } });
    await httpRequest(`${url}/api/list`, { query: {} });
    expect(seen.slice(2).map((s) => s.url)).toEqual(['/api/list?page=2&q=x', '/api/list']);
  });

  it('hands credentials, cache and the signal to the transport it is given', async () => {
    const given: RequestInit[] = [];
    const transport = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      given.push(init ?? {});
      return new Response('{"ret":0}', { status: 200 });
    }) as typeof fetch;
    await httpRequest('/ops/api/session', { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' }, fetch: transport });
    expect(given[0]).toMatchObject({ method: 'GET', credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' } });
    expect(given[0]?.signal).toBeInstanceOf(AbortSignal);
  });
});

describe('the browser HTTP client: one error for every failure', () => {
  it('says timeout when the answer takes longer than the timeout', async () => {
    const { url } = await serve(() => {
      /* never answers */
    });
    const error = await failureOf(httpRequest(`${url}/api/getTab`, { method: 'POST', timeoutMs: 100 }));
    expect([error.failure, error.status]).toEqual(['timeout', 0]);
  });

  it('says timeout when the headers came in time but the body did not', async () => {
    const { url } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"ret":');
    });
    expect((await failureOf(httpRequest(`${url}/api/getTab`, { timeoutMs: 200 }))).failure).toBe('timeout');
  });

  it('says network when nothing listens, or the connection drops', async () => {
    const probe = await serve(json(200, {}));
    const closed = servers.pop() as http.Server;
    await new Promise((resolve) => closed.close(resolve));
    expect((await failureOf(httpRequest(`${probe.url}/api/banners`, { timeoutMs: 5_000 }))).failure).toBe('network');

    const { url } = await serve((request) => request.socket.destroy());
    expect((await failureOf(httpRequest(`${url}/api/banners`))).failure).toBe('network');
  });

  it('says aborted when the caller cancels, before or during the call', async () => {
    const { url } = await serve(() => {
      /* never answers */
    });
    const early = new AbortController();
    early.abort();
    expect((await failureOf(httpRequest(`${url}/api/getTab`, { signal: early.signal }))).failure).toBe('aborted');

    const late = new AbortController();
    const call = httpRequest(`${url}/api/getTab`, { signal: late.signal, timeoutMs: 5_000 });
    setTimeout(() => late.abort(), 50);
    expect((await failureOf(call)).failure).toBe('aborted');
  });

  it('says format for a success that is not JSON, with its status', async () => {
    const { url } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>proxy error</html>');
    });
    const error = await failureOf(httpRequest(`${url}/api/banners`));
    expect([error.failure, error.status, error.body]).toEqual(['format', 200, null]);
  });

  it('says status for an HTTP error, with the JSON it came with, or none', async () => {
    const refused = await serve(json(401, { error: 'Sign in first', code: 'signedOut' }));
    const error = await failureOf(httpRequest(`${refused.url}/ops/api/session`));
    expect([error.failure, error.status, error.body]).toEqual(['status', 401, { error: 'Sign in first', code: 'signedOut' }]);

    const broken = await serve((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
    });
    const bare = await failureOf(httpRequest(`${broken.url}/api/getTab`, { method: 'POST' }));
    expect([bare.failure, bare.status, bare.body]).toEqual(['status', 502, null]);
    expect(bare).toBeInstanceOf(Error);
    expect(bare.message).toBe('status (HTTP 502)');
  });

  it('leaves no timer and no listener behind', async () => {
    const { url } = await serve(json(200, { ret: 0 }));
    const controller = new AbortController();
    const removed = jest.spyOn(controller.signal, 'removeEventListener');
    await httpRequest(`${url}/api/report`, { signal: controller.signal, timeoutMs: 60_000 });
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
    // Aborting after the answer changes nothing.
    controller.abort();
  });
});
