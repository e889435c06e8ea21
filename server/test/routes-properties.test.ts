import fc from 'fast-check';
import { signWebhook } from '../src/payments/webhook-signature';
import { SANDBOX_SIGNATURE_HEADER } from '../src/sandbox/payments/sandbox-webhook';
import { testDbTargets } from './support/test-db';
import { openTestStore, type TestStore } from './support/test-app';
import { mustCreateOrder } from './support/order-helpers';

jest.setTimeout(300_000);

const OPS_TOKEN = 'properties-ops-token-0123456789abcdef';
const WEBHOOK_SECRET = 'topup-dev-webhook-secret';

/** What must never reach a client: a server fault, a stack trace, a database's own words. */
const LEAK = /\bat .+:\d+:\d+|stack|PGlite|postgres|syntax error|invalid byte sequence|violates|relation "|column "|duplicate key/i;

/** Strings parsers and databases choke on, and plausible ones so that handlers run. */
const hostile = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '%00', "'; DROP TABLE orders; --", '../../etc/passwd', '9'.repeat(40), ''),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ minLength: 200, maxLength: 2000 }),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(hostile, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(hostile, { maxLength: 3 }), fc.dictionary(hostile, hostile, { maxKeys: 3 }));
const contentType = fc.option(
  fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'garbage/;;;'),
);
const rawBody = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.json(),
  fc.constantFrom('{', '[]', 'null', '{"__proto__":{"a":1}}', '{"constructor":{"prototype":{"a":1}}}', 'result=paid&result=declined', '%%%', '\u0000', 'x'.repeat(70_000)),
  fc.dictionary(fc.constantFrom('result', 'attempt', 'fail_next', 'app', 'version', 'reason', 'actor', 'force', '__proto__'), anyValue).map((body) => JSON.stringify(body)),
);
const pathPart = fc.oneof(fc.constantFrom('TP0000NOSUCHORDER', 'a%00b', '%ED%A0%80', '..%2F..', 'x'.repeat(300)), fc.string({ maxLength: 40 }).map(encodeURIComponent));
/** Mostly plausible values, so that requests get past the first check to the database. */
const plausible = (...values: string[]) => fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 2 }, { arbitrary: hostile, weight: 1 });
const query = fc
  .record(
    { game_id: plausible('18', '134'), server_id: plausible('1801', '13401'), role_id: plausible('1801001'), fail_next: plausible('3', 'always', 'off'), preview: hostile },
    { requiredKeys: [] },
  )
  .map((fields) =>
  Object.entries(fields)
    // A URL cannot carry a lone surrogate: its bytes arrive as invalid UTF-8 (%ED%A0%80) instead.
    .map(([key, value]) => `${key}=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\u2603')).replace(/%E2%98%83/g, '%ED%A0%80')}`)
    .join('&'),
);

interface Request {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly contentType: string | null;
  readonly body: string | undefined;
  readonly headers?: Record<string, string>;
}

/** Any request to a route outside /api: the webhook, the sandbox checkout and routes, the ops routes. */
function anyRequest(orderId: string): fc.Arbitrary<Request> {
  const post = (url: fc.Arbitrary<string>, headers: Record<string, string> = {}) =>
    fc.record({ method: fc.constant('POST' as const), url, contentType, body: rawBody, headers: fc.constant(headers) });
  const get = (url: fc.Arbitrary<string>, headers: Record<string, string> = {}) =>
    fc.record({ method: fc.constant('GET' as const), url, contentType: fc.constant(null), body: fc.constant(undefined), headers: fc.constant(headers) });
  const operator = { authorization: `Bearer ${OPS_TOKEN}` };
  return fc.oneof(
    post(fc.constant('/webhooks/payments/sandbox')),
    // Correctly signed webhooks with any event in them: the signature is no shield for the database.
    fc
      .record({
        id: fc.oneof(hostile, fc.uuid()),
        type: fc.constantFrom('payment.paid', 'payment.declined', 'x'),
        order_id: fc.oneof(fc.constant(orderId), hostile),
        amount: fc.oneof({ arbitrary: fc.constantFrom('0.99', '4.99', '1000'), weight: 3 }, { arbitrary: anyValue, weight: 1 }),
        currency: fc.oneof({ arbitrary: fc.constantFrom('USD', 'KRW'), weight: 3 }, { arbitrary: anyValue, weight: 1 }),
      })
      .map((event) => {
        const raw = JSON.stringify(event);
        return { method: 'POST' as const, url: '/webhooks/payments/sandbox', contentType: 'application/json', body: raw, headers: { [SANDBOX_SIGNATURE_HEADER]: signWebhook(raw, WEBHOOK_SECRET) } };
      }),
    get(fc.oneof(fc.constant(`/sandbox/checkout/${orderId}`), pathPart.map((part) => `/sandbox/checkout/${part}`))),
    post(fc.oneof(fc.constant(`/sandbox/checkout/${orderId}`), pathPart.map((part) => `/sandbox/checkout/${part}`))),
    get(query.map((q) => `/sandbox/roles?${q}`)),
    get(query.map((q) => `/sandbox/mailbox?${q}`)),
    post(query.map((q) => `/sandbox/mail-failures?${q}`)),
    get(fc.constant('/ops/remotes'), operator),
    post(fc.constantFrom('/ops/releases', '/ops/activate', '/ops/rollback', '/ops/nope'), operator),
    post(fc.constant('/csp-reports')),
    get(pathPart.map((part) => `/remotes/remote-topup/${part}/mf-manifest.json`)),
    get(query.map((q) => `/mf/registry.json?${q}`)),
  );
}

describe.each(testDbTargets())('no request outside /api yields a 5xx or database text on $name', (target) => {
  let store: TestStore;
  let orderId: string;
  beforeAll(async () => {
    store = await openTestStore(target, { opsToken: OPS_TOKEN });
    orderId = (await mustCreateOrder(store.app)).order_id;
  });
  afterAll(async () => {
    await store?.close();
  });

  it('for any body, content type, path and query on the webhook, checkout, sandbox and ops routes', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(anyRequest(orderId), async (request) => {
        const headers: Record<string, string> = { ...request.headers };
        if (request.contentType) headers['content-type'] = request.contentType;
        const response = await store.app.inject({ method: request.method, url: request.url, headers, payload: request.body });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect([request.method, request.url, response.statusCode]).toEqual([request.method, request.url, expect.any(Number)]);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.body).not.toMatch(LEAK);
      }),
      { numRuns: 1500 },
    );
    // The runs reached the handlers (2xx, 3xx) as well as every kind of refusal at the door.
    for (const status of [200, 400, 401, 404, 413, 415]) expect([status, statuses.get(status) ?? 0]).not.toEqual([status, 0]);
  });
});
