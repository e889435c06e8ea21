import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

/** The headers helmet sets: every answer of the store carries them. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe.each(testDbTargets())('security headers on every answer on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(() => store?.close());

  const securityHeadersOf = (headers: Record<string, unknown>) => Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers[name]]));

  it("carries them on Fastify's own refusals before any route (an address that does not decode) as on a route's answer", async () => {
    const ordinary = await store.app.inject({ method: 'GET', url: '/healthz' });
    expect(Object.values(securityHeadersOf(ordinary.headers)).every((value) => typeof value === 'string' && value !== '')).toBe(true);
    for (const url of ['/%E0%A4%A', '/api/%E0%A4%A', '/ops/api/%E0%A4%A', '/assets/%E0%A4%A.js', `/orders/${'%FF'.repeat(3)}`]) {
      const refused = await store.app.inject({ method: 'GET', url });
      expect({ url, status: refused.statusCode }).toEqual({ url, status: 400 });
      expect(securityHeadersOf(refused.headers)).toEqual(securityHeadersOf(ordinary.headers));
      expect(refused.json()).toEqual({ error: 'The address could not be read' });
    }
    for (const url of ['/no-such-page', '/api/noSuchAction']) {
      const other = await store.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{' });
      expect(other.statusCode).toBeLessThan(500);
      expect(securityHeadersOf(other.headers)).toEqual(securityHeadersOf(ordinary.headers));
    }
  });

  it("gives an HTML page a policy naming its own inline code, the same on every load, and leaves the other answers' policy as it was, between two loads of it too", async () => {
    const json = async () => (await store.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'];
    const before = await json();
    const pages = ['/sandbox/checkout/no-such-order', '/healthz', '/sandbox/checkout/no-such-order'];
    const policies: string[] = [];
    for (const url of pages) {
      const page = await store.app.inject({ method: 'GET', url });
      expect(page.headers['content-type']).toMatch(url === '/healthz' ? /^application\/json/ : /^text\/html/);
      policies.push(String(page.headers['content-security-policy']));
      expect(securityHeadersOf(page.headers)['x-frame-options']).toBe('DENY');
    }
    expect(policies[0]).toMatch(/'sha256-/);
    expect(policies[0]).not.toBe(before);
    expect(policies[2]).toBe(policies[0]);
    expect(policies[1]).toBe(before);
    expect(await json()).toBe(before);
    expect(before).not.toMatch(/'sha256-/);
  });
});
