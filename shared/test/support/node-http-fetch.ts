import http from 'node:http';

/**
 * A `fetch` made of node:http, for `configureApi({ fetch: nodeHttpFetch })`: tests in jsdom (which has
 * no `fetch`) reach the real server through it. It fails as the browser's does: a TypeError when
 * nothing answers (refused, reset), an AbortError when the request's signal aborts; and its answer has
 * the members the store's client reads (`ok`, `status`, `json()`, which throws a SyntaxError on a body
 * that is not JSON).
 */
export const nodeHttpFetch: typeof fetch = (input, init = {}) =>
  new Promise<Response>((resolve, reject) => {
    const signal = init.signal ?? undefined;
    const aborted = () => new DOMException('This operation was aborted', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const request = http.request(String(input), { method: init.method ?? 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', () => reject(new TypeError('Failed to fetch')));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = response.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, status, text: async () => text, json: async () => JSON.parse(text) as unknown } as Response);
      });
    });
    signal?.addEventListener('abort', () => {
      request.destroy();
      reject(aborted());
    });
    request.on('error', () => reject(new TypeError('Failed to fetch')));
    if (body !== undefined) request.write(body);
    request.end();
  });
