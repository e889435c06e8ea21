import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sign } from '@topup/shared/sign';
import { loadConfig } from '../src/config';
import { productionProblems } from '../src/production/production-rules';
import { DEV_OPS_SECRET_KEY } from '../src/settings/development-secrets';
import { demoDataProblem } from '../src/production/demo-data-check';
import { seedDemo } from '../src/sandbox/seed/seed-demo';
import { signWebhook } from '../src/payments/webhook-signature';
import { pgliteData, postgresData, startServerScript, startStore, type StoreData, type StoreProcess } from './support/store-process';
import { openTestStore } from './support/test-app';
import { buildApp } from '../src/http/app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(240_000);

/** A public demo run as production: its own keys and tokens, nothing of development's. */
const PRODUCTION_DEMO = {
  NODE_ENV: 'production',
  STORE_MODE: 'demo',
  APP_KEY: 'production-test-app-key-5d1e',
  PAYMENT_WEBHOOK_SECRET: 'production-test-webhook-secret-93aa',
  PLAYER_LINK_SECRET: 'production-test-player-link-secret-0123456789',
  OPS_TOKEN: 'production-test-ops-token-0123456789abcdef',
  OPS_SECRET_KEY: 'production-test-ops-secret-key-0123456789abcdef',
  // One proxy in front: its X-Forwarded-For names the client.
  TRUST_PROXY: '1',
  ROLE_LOOKUPS_PER_MINUTE: '4',
  DELIVERY_POLL_INTERVAL: '100ms',
};

/** Runs a server script to its end (a refused start, a command). */
async function runToExit(env: Record<string, string>, script = 'src/main.ts'): Promise<{ code: number | null; output: string }> {
  const started = startServerScript(env, script);
  const code = await started.exited;
  return { code, output: started.output() };
}

describe('a production start is refused when it is unsafe', () => {
  it('lists every problem at once and exits non-zero', async () => {
    const { code, output } = await runToExit({
      NODE_ENV: 'production',
      APP_KEY: '',
      PAYMENT_WEBHOOK_SECRET: 'some-live-secret',
      OPS_TOKEN: 'short-token',
      SANDBOX: 'on',
      SEED_DEMO: 'on',
      DEMO_DISCOUNT_CODES: 'on',
    });
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start: NODE_ENV=production and');
    for (const problem of [
      'the development app key "topup-dev-key" is set',
      'OPS_TOKEN is 11 characters long',
      'the payment provider is the sandbox',
      'the game gateway is the sandbox game',
      'SANDBOX=on exposes',
      'SEED_DEMO=on loads the demo catalogue',
      'DEMO_DISCOUNT_CODES=on loads discount codes',
      'PUBLISHER_NAME is unset',
      'PUBLISHER_ADDRESS is unset',
      'SUPPORT_EMAIL is unset',
      'LEGAL_DATE is unset',
    ]) {
      expect(output).toContain(problem);
    }
    expect(output).toContain('STORE_MODE=demo allows it for a public demo');
    expect(output).not.toContain('TopUp Store is running');
  });

  it('refuses production with its own keys while the payments and the game are the sandbox\'s; the demo data and routes are off by default', async () => {
    const { code, output } = await runToExit({ NODE_ENV: 'production', APP_KEY: 'live-key', PAYMENT_WEBHOOK_SECRET: 'live-secret' });
    expect(code).toBe(1);
    expect(output).toContain('the payment provider is the sandbox');
    expect(output).toContain('the game gateway is the sandbox game');
    expect(output).not.toContain('SANDBOX=on');
    expect(output).not.toContain('SEED_DEMO=on');
  });

  it('refuses to load the demo data into a production store with npm run seed', async () => {
    const { code, output } = await runToExit({ NODE_ENV: 'production', APP_KEY: 'live-key' }, 'src/cli/seed.ts');
    expect(code).toBe(1);
    expect(output).toContain('Refusing to load the demo catalogue');
  });

  it('judges each setting: development is never refused, a demo may use the sandbox, keys are always its own in production', () => {
    expect(productionProblems(loadConfig({}))).toEqual([]);
    expect(productionProblems(loadConfig({ STORE_MODE: 'demo' }))).toEqual([]);
    const demo = loadConfig({ NODE_ENV: 'production', STORE_MODE: 'demo', APP_KEY: 'k', PAYMENT_WEBHOOK_SECRET: 'w', PLAYER_LINK_SECRET: 'l'.repeat(32), OPS_SECRET_KEY: 's'.repeat(32) });
    expect(demo).toMatchObject({ storeMode: 'demo', sandboxRoutes: true, seedDemo: true, demoDiscountCodes: true });
    expect(productionProblems(demo)).toEqual([]);
    expect(productionProblems({ ...demo, appKey: 'topup-dev-key' })).toEqual([expect.stringContaining('development app key')]);
    expect(productionProblems({ ...demo, opsToken: 'x'.repeat(31) })).toEqual([expect.stringContaining('OPS_TOKEN is 31 characters')]);
    expect(productionProblems({ ...demo, opsToken: 'x'.repeat(32) })).toEqual([]);
    // Without its own secrets a production store (demo included) names each one; development never needs them.
    expect(productionProblems(loadConfig({ NODE_ENV: 'production', STORE_MODE: 'demo', APP_KEY: 'k', PAYMENT_WEBHOOK_SECRET: 'w' }))).toEqual([expect.stringContaining('PLAYER_LINK_SECRET is unset'), expect.stringContaining('OPS_SECRET_KEY is unset')]);
    expect(() => loadConfig({ PLAYER_LINK_SECRET: 'short' })).toThrow(/PLAYER_LINK_SECRET/);
    expect(productionProblems({ ...demo, ops: { ...demo.ops, secretKey: DEV_OPS_SECRET_KEY, developmentSecretKey: true } })).toEqual([expect.stringContaining('OPS_SECRET_KEY is unset')]);
    expect(() => loadConfig({ OPS_SECRET_KEY: 'too-short' })).toThrow(/OPS_SECRET_KEY/);
    expect(loadConfig({}).ops).toMatchObject({ secretKey: DEV_OPS_SECRET_KEY, developmentSecretKey: true });
    const live = loadConfig({ NODE_ENV: 'production', APP_KEY: 'k' });
    expect(live).toMatchObject({ storeMode: 'production', sandboxRoutes: false, seedDemo: false, demoDiscountCodes: false });
    expect(() => loadConfig({ STORE_MODE: 'live' })).toThrow('STORE_MODE must be "demo" or unset');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow('PAYMENT_PROVIDER must be one of: sandbox');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/would believe any client/);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('refuses a NODE_ENV it does not know, naming it, instead of running a development store', async () => {
    for (const value of ['prod', 'Production', 'PRODUCTION', 'staging', 'dev']) {
      expect(() => loadConfig({ NODE_ENV: value })).toThrow(`NODE_ENV must be development, test or production (or unset for development), got "${value}"`);
    }
    for (const value of ['development', 'test', 'production', '']) expect(() => loadConfig({ NODE_ENV: value, APP_KEY: 'k' })).not.toThrow();
    const { code, output } = await runToExit({ NODE_ENV: 'prod', APP_KEY: 'live-key' });
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start: NODE_ENV must be development, test or production');
    expect(output).not.toContain('TopUp Store is running');
  });

  it.each(['http://0.0.0.0:8080', 'http://[::]:8080', 'http://[0:0:0:0:0:0:0:1]', 'http://[::ffff:127.0.0.1]', 'http://127.0.1.1', 'http://127.1', 'http://0x7f.1', 'http://localhost.', 'http://LOCALHOST', 'http://shop.localhost', 'https://localhost:8443'])(
    'refuses PUBLIC_URL=%s in production: the links in e-mails would lead to the reader\'s own machine',
    (url) => {
      const problems = productionProblems(loadConfig({ NODE_ENV: 'production', APP_KEY: 'k', PAYMENT_WEBHOOK_SECRET: 'live', PUBLIC_URL: url }));
      expect(problems).toContainEqual(expect.stringContaining(`PUBLIC_URL is ${url}`));
    },
  );

  it('takes a public PUBLIC_URL, and lists the development webhook secret with the other development keys', () => {
    const live = { NODE_ENV: 'production', APP_KEY: 'k', PAYMENT_WEBHOOK_SECRET: 'live', PUBLIC_URL: 'https://shop.example.com', PLAYER_LINK_SECRET: 'l'.repeat(32), OPS_SECRET_KEY: 's'.repeat(32) };
    expect(productionProblems(loadConfig(live)).filter((problem) => problem.includes('PUBLIC_URL'))).toEqual([]);
    expect(productionProblems(loadConfig({ ...live, PUBLIC_URL: 'https://127.example.com' })).filter((problem) => problem.includes('PUBLIC_URL'))).toEqual([]);
    for (const secret of ['', 'topup-dev-webhook-secret']) {
      const problems = productionProblems(loadConfig({ ...live, PAYMENT_WEBHOOK_SECRET: secret, STORE_MODE: 'demo' }));
      expect(problems).toEqual([expect.stringContaining('the development PAYMENT_WEBHOOK_SECRET is in use')]);
    }
    expect(productionProblems(loadConfig({ PAYMENT_WEBHOOK_SECRET: '' }))).toEqual([]);
  });

  it.each(testDbTargets())('finds the demo discount codes in a database that served as a development store ($name)', async (target) => {
    const db = await target.open();
    try {
      expect(await demoDataProblem(db)).toBeNull();
      await seedDemo(db, null, { discountCodes: false });
      expect(await demoDataProblem(db)).toBeNull();
      await seedDemo(db);
      expect(await demoDataProblem(db)).toMatch(/demo discount codes .*ONCE50.*WELCOME10/);
    } finally {
      await db.close();
    }
  });
});

describe.each(testDbTargets())('a production store without an ops token on $name', (target) => {
  it('has no sandbox developer route and no /ops route at all', async () => {
    const config = loadConfig({ NODE_ENV: 'production', STORE_MODE: 'demo', APP_KEY: 'demo-key', OPS_TOKEN: '' });
    const store = await openTestStore(target, config);
    try {
      for (const [method, url] of [
        ['GET', '/sandbox/roles?game_id=18'],
        ['GET', '/sandbox/mailbox?game_id=18&server_id=1801&role_id=1801001'],
        ['GET', '/sandbox/mail-failures'],
        ['POST', '/sandbox/mail-failures?fail_next=always'],
        ['GET', '/ops/remotes'],
        ['POST', '/ops/rollback'],
      ] as const) {
        const response = await store.app.inject({ method, url });
        expect([url, response.statusCode]).toEqual([url, 404]);
      }
    } finally {
      await store.close();
    }
  });
});

const dataTargets: Array<() => Promise<StoreData>> = [async () => pgliteData()];
if (process.env.TEST_DATABASE_URL) dataTargets.push(() => postgresData(process.env.TEST_DATABASE_URL!));

describe.each(dataTargets.map((open, index) => ({ open, name: index === 0 ? 'PGlite' : 'PostgreSQL' })))('a production demo store on $name', ({ open }) => {
  let data: StoreData;
  let store: StoreProcess;
  // A shell of its own, so the suite needs no build: the hashes must be those of the page served.
  const hostDist = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-host-'));
  const bootScript = 'window.__boot = Date.now();';
  const bootStyle = 'body { margin: 0 }';
  fs.writeFileSync(
    path.join(hostDist, 'index.html'),
    `<!doctype html><html lang="en"><head><style>${bootStyle}</style><script>${bootScript}</script></head><body><div id="root"></div></body></html>`,
  );
  const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  beforeAll(async () => {
    data = await open();
    store = await startStore({ ...PRODUCTION_DEMO, ...data.env, HOST_DIST: hostDist });
  });
  afterAll(async () => {
    await store?.kill('SIGTERM');
    await data?.remove();
    fs.rmSync(hostDist, { recursive: true, force: true });
  });

  const api = async (action: string, payload: Record<string, string>, key = PRODUCTION_DEMO.APP_KEY, client = '198.51.100.7') => {
    const response = await fetch(`${store.url}/api/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ ...payload, sign: sign(payload, key) }),
    });
    return { status: response.status, ...((await response.json()) as { ret: number; data: unknown; msg: string }) };
  };
  const operator = { authorization: `Bearer ${PRODUCTION_DEMO.OPS_TOKEN}` };

  it('hands its pages its own app key at run time: calls signed with it answer ret 0, with the development key 1001', async () => {
    const registry = (await (await fetch(`${store.url}/mf/registry.json`)).json()) as { store: { appKey: string } };
    // The deployment's key, and the catalogue's game rules (no other setting, no secret).
    expect(registry.store).toEqual({ appKey: PRODUCTION_DEMO.APP_KEY, healthSample: 1, games: expect.objectContaining({ '284': { byName: true } }) });
    const servers = { game_id: '18', area: 'us' };
    expect(await api('getServerList', servers, registry.store.appKey)).toMatchObject({ ret: 0 });
    expect(await api('getServerList', servers, 'topup-dev-key')).toMatchObject({ ret: 1001 });
  });

  it('keeps the sandbox\'s characters, mailbox and failure switch behind the operators\' token', async () => {
    const guarded: Array<[string, string]> = [
      ['GET', '/sandbox/roles?game_id=18'],
      ['GET', '/sandbox/mailbox?game_id=18&server_id=1801&role_id=1801001'],
      ['GET', '/sandbox/mail-failures'],
      ['POST', '/sandbox/mail-failures?fail_next=always'],
    ];
    for (const [method, url] of guarded) {
      const anonymous = await fetch(`${store.url}${url}`, { method, headers: { 'x-forwarded-for': '198.51.100.20' } });
      expect([url, anonymous.status]).toEqual([url, 401]);
    }
    const roles = await fetch(`${store.url}/sandbox/roles?game_id=18`, { headers: { ...operator, 'x-forwarded-for': '198.51.100.21' } });
    expect(roles.status).toBe(200);
    expect(((await roles.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    // The switch was never thrown by the anonymous POST.
    const left = await fetch(`${store.url}/sandbox/mail-failures`, { headers: { ...operator, 'x-forwarded-for': '198.51.100.21' } });
    expect(await left.json()).toMatchObject({ data: { fail_next: 0 } });
  });

  it('refuses an address that keeps guessing the token, even once it guesses right', async () => {
    const from = (address: string, token: string) =>
      fetch(`${store.url}/sandbox/roles?game_id=18`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address } });
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await from('198.51.100.30', `guess-${attempt}`)).status).toBe(401);
    const blocked = await from('198.51.100.30', PRODUCTION_DEMO.OPS_TOKEN);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held up by it.
    expect((await from('198.51.100.31', PRODUCTION_DEMO.OPS_TOKEN)).status).toBe(200);
  });

  it('sends the security headers with every HTML page, the demo ribbon in it, and HSTS only over TLS', async () => {
    const shell = `script-src 'self' ${hashOf(bootScript)};style-src 'self' ${hashOf(bootStyle)}`;
    const pages: Array<[string, RegExp | string]> = [
      ['/', shell],
      ['/index.html', shell],
      ['/sandbox/checkout/no-such-order', /style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/],
    ];
    for (const [url, inlineAllowed] of pages) {
      const response = await fetch(`${store.url}${url}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      if (typeof inlineAllowed === 'string') expect(csp).toContain(inlineAllowed);
      else expect(csp).toMatch(inlineAllowed);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(await response.text()).toContain('Demo store — no real payments');
    }
    const overTls = await fetch(`${store.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('limits role lookups per real client behind the trusted proxy', async () => {
    const lookup = (client: string) => api('getRoleInfo', { game_id: '18', area: 'us', server_id: '1801', role_id: '1801001' }, undefined, client);
    for (let i = 0; i < 4; i += 1) expect(await lookup('203.0.113.10')).toMatchObject({ ret: 0 });
    expect(await lookup('203.0.113.10')).toMatchObject({ status: 429, ret: 1007 });
    expect(await lookup('203.0.113.11')).toMatchObject({ ret: 0 });
  });

  it('answers 400, 413 or 415 outside /api for anything a client can send, never 5xx or database text', async () => {
    const post = (url: string, body: string | Buffer, type = 'application/json', headers: Record<string, string> = {}) =>
      fetch(`${store.url}${url}`, { method: 'POST', headers: { 'content-type': type, 'x-forwarded-for': '198.51.100.40', ...headers }, body });
    const cases: Array<[Promise<Response>, number]> = [
      [post('/ops/rollback', '{"app":', 'application/json', operator), 400],
      [post('/ops/rollback', '{"__proto__":{"x":1},"app":"remote-topup"}', 'application/json', operator), 400],
      [post('/ops/rollback', '<app/>', 'application/xml', operator), 415],
      [post('/ops/rollback', JSON.stringify({ app: 'x'.repeat(100_000) }), 'application/json', operator), 413],
      [post('/sandbox/mail-failures', '{"fail_next":', 'application/json', operator), 400],
      [post('/sandbox/mail-failures', '{"fail_next":"a\\u0000b"}', 'application/json', operator), 400],
      [post('/sandbox/checkout/A%00B', 'result=paid', 'application/x-www-form-urlencoded'), 400],
      [post('/sandbox/checkout/unknown', '<result>paid</result>', 'application/xml'), 415],
      [post('/webhooks/payments/sandbox', 'x'.repeat(70_000)), 413],
      [fetch(`${store.url}/sandbox/mailbox?game_id=18&server_id=1801&role_id=%00`, { headers: operator }), 400],
      [post('/sandbox/mail-failures', '{"fail_next":"\\ud800"}', 'application/json', operator), 400],
    ];
    for (const [pending, status] of cases) {
      const response = await pending;
      const text = await response.text();
      expect([response.url, response.status]).toEqual([response.url, status]);
      expect(text).not.toMatch(/invalid byte sequence|syntax error|violates|PGlite|postgres/i);
    }
    // A webhook whose id carries a NUL byte, signed correctly, is refused, not a database error.
    const raw = JSON.stringify({ id: 'evt\u0000x', type: 'payment.paid', order_id: 'o\u0000', amount: '1.00', currency: 'USD', created_at: new Date().toISOString() });
    const webhook = await post('/webhooks/payments/sandbox', raw, 'application/json', { 'x-sandbox-signature': signWebhook(raw, PRODUCTION_DEMO.PAYMENT_WEBHOOK_SECRET) });
    expect(webhook.status).toBe(400);
  });

  it('refunds a customer charged twice for one order, and the store reconciles clean afterwards', async () => {
    const client = '198.51.100.50';
    const placed = (await api(
      'createOrder',
      { game_id: '18', area: 'us', server_id: '1801', role_id: '1801003', product_id: '18-us-currency-60', pay_type: 'card', order_token: 'production-double-pay' },
      undefined,
      client,
    )) as { ret: number; data: { order_id: string; pay_url: string } };
    expect(placed.ret).toBe(0);
    const info = async () => (await api('orderInfo', { order_id: placed.data.order_id }, undefined, client)).data as { status: string; timeline: Array<{ event: string }> };
    const until = async (done: (order: Awaited<ReturnType<typeof info>>) => boolean) => {
      for (let tries = 0; tries < 200; tries += 1) {
        const order = await info();
        if (done(order)) return order;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`order never got there: ${JSON.stringify(await info())}`);
    };
    // Two tabs of the checkout: two attempts.
    const attempts = await Promise.all(
      [1, 2].map(async () => /name="attempt" value="([^"]+)"/.exec(await (await fetch(`${store.url}${placed.data.pay_url}`)).text())![1]!),
    );
    expect(attempts[0]).not.toBe(attempts[1]);
    const pay = (attempt: string) =>
      fetch(`${store.url}${placed.data.pay_url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `result=paid&attempt=${attempt}`,
        redirect: 'manual',
      });
    expect((await pay(attempts[0]!)).status).toBe(303);
    await until((order) => order.status === 'delivered');
    // The second tab's Pay, after the first was delivered: charged again, then refunded by itself.
    expect((await pay(attempts[1]!)).status).toBe(303);
    const refunded = await until((order) => order.timeline.some((entry) => entry.event === 'duplicate_refunded'));
    expect(refunded.status).toBe('delivered');
    expect(refunded.timeline.map((entry) => entry.event)).toEqual(expect.arrayContaining(['paid', 'delivered', 'duplicate_payment', 'duplicate_refunded']));

    // Stopped (PGlite belongs to one process), the store's books and the sandbox's agree.
    await store.kill('SIGTERM');
    const reconcile = await runToExit({ ...PRODUCTION_DEMO, ...data.env }, 'src/cli/reconcile.ts');
    expect(reconcile.output).toContain('every payment the provider kept is accounted for');
    expect(reconcile.output).not.toContain('NOT CHECKED');
    expect(reconcile.code).toBe(0);
  });
});

describe('the policies name the publisher, never the template\'s placeholders', () => {
  const PUBLISHER = { PUBLISHER_NAME: 'Dragon Works Ltd', PUBLISHER_ADDRESS: '1 Harbour Road, Busan 48058, Korea', SUPPORT_EMAIL: 'help@dragonworks.example', LEGAL_DATE: '2026-11-02' };
  const live = { NODE_ENV: 'production', APP_KEY: 'k', PAYMENT_WEBHOOK_SECRET: 'live', PUBLIC_URL: 'https://shop.example.com' };
  const publisherProblemsOf = (env: Record<string, string>) => productionProblems(loadConfig(env)).filter((problem) => /^(PUBLISHER_NAME|PUBLISHER_ADDRESS|SUPPORT_EMAIL|LEGAL_DATE) /.test(problem));

  it('refuses a production start while the publisher, its address, the support e-mail or the policies\' date is unset or a placeholder', () => {
    expect(publisherProblemsOf(live)).toEqual([
      expect.stringContaining('PUBLISHER_NAME is unset'),
      expect.stringContaining('PUBLISHER_ADDRESS is unset'),
      expect.stringContaining('SUPPORT_EMAIL is unset'),
      expect.stringContaining('LEGAL_DATE is unset'),
    ]);
    expect(publisherProblemsOf({ ...live, ...PUBLISHER, PUBLISHER_NAME: '[PUBLISHER NAME]', PUBLISHER_ADDRESS: 'Seoul [ADDRESS]' })).toEqual([
      expect.stringContaining('PUBLISHER_NAME is still a placeholder ("[PUBLISHER NAME]")'),
      expect.stringContaining('PUBLISHER_ADDRESS is still a placeholder'),
    ]);
    expect(publisherProblemsOf({ ...live, ...PUBLISHER })).toEqual([]);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadConfig({ LEGAL_DATE: '2 November 2026' })).toThrow(/LEGAL_DATE/);
    // Development shows the template as it is; only a store going live is held to it.
    expect(productionProblems(loadConfig({}))).toEqual([]);
  });

  describe('served', () => {
    const hostDist = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-legal-'));
    const template = fs.readFileSync(path.join(__dirname, '..', '..', 'shared', 'assets', 'legal', 'terms.html'), 'utf8');
    fs.mkdirSync(path.join(hostDist, 'static'));
    fs.writeFileSync(path.join(hostDist, 'index.html'), '<!doctype html><html><body></body></html>');
    fs.writeFileSync(path.join(hostDist, 'static', 'terms.0123456789.html'), template);
    // The build's precompressed copy is the template's: it must never go out instead of the filled page.
    fs.writeFileSync(path.join(hostDist, 'static', 'terms.0123456789.html.gz'), Buffer.from(''));
    afterAll(() => fs.rmSync(hostDist, { recursive: true, force: true }));

    const termsWith = async (env: Record<string, string>) => {
      const app = await buildApp({ config: { ...loadConfig(env), hostDist } });
      try {
        const answer = await app.inject({ url: '/static/terms.0123456789.html', headers: { 'accept-encoding': 'gzip, br' } });
        return { status: answer.statusCode, body: answer.body, csp: String(answer.headers['content-security-policy'] ?? ''), encoding: answer.headers['content-encoding'] };
      } finally {
        await app.close();
      }
    };

    it('fills the publisher, address, support e-mail and date into each language of the terms', async () => {
      expect(template).toContain('[PUBLISHER NAME]');
      const { status, body, csp, encoding } = await termsWith(PUBLISHER);
      expect(status).toBe(200);
      expect(encoding).toBeUndefined();
      for (const placeholder of ['[PUBLISHER NAME]', '[ADDRESS]', '[DATE]', '[SUPPORT E-MAIL]', '[퍼블리셔 이름]', '[주소]', '[날짜]', '[고객지원 이메일]', '[发行商名称]', '[地址]', '[日期]', '[客服邮箱]']) {
        expect(body).not.toContain(placeholder);
      }
      expect(body).toContain('Provider: Dragon Works Ltd, 1 Harbour Road, Busan 48058, Korea');
      expect(body).toContain('<a href="mailto:help@dragonworks.example">help@dragonworks.example</a>');
      expect(body).toContain('2 November 2026');
      expect(body).toContain('2026년 11월 2일');
      expect(body).toContain('2026年11月2日');
      // Its inline style and script still run under the page's policy.
      expect(csp).toMatch(/script-src 'self' 'sha256-/);
    });

    it('refuses a production start while a policy players would read still has a placeholder for counsel, and takes the publisher\'s reviewed pages', () => {
      const policyProblemsOf = (env: Record<string, string>) => productionProblems({ ...loadConfig({ ...live, ...PUBLISHER, ...env }), hostDist }).filter((problem) => /polic|LEGAL_PAGES_DIR/.test(problem));
      // The build's template: its four facts filled, the governing law and the courts are still the template's.
      const [templateProblem, ...others] = policyProblemsOf({});
      expect(others).toEqual([]);
      expect(templateProblem).toContain('the build\'s terms policy (the store\'s template) still shows players');
      expect(templateProblem).toContain('[COMPANY REGISTRATION NUMBER]');
      expect(templateProblem).not.toContain('[PUBLISHER NAME]');
      expect(templateProblem).not.toContain('data-lang');
      // The publisher's folder: every page there, complete.
      const reviewed = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-policies-'));
      try {
        const complete = (name: string) => `<!doctype html><html><body><h1>${name}</h1><p>Provider: [PUBLISHER NAME], [ADDRESS]. Updated [DATE].</p><script>document.querySelector('[data-lang="en"]')</script></body></html>`;
        for (const name of ['terms', 'privacy']) fs.writeFileSync(path.join(reviewed, `${name}.html`), complete(name));
        fs.writeFileSync(path.join(reviewed, 'refund.html'), '<p>Refunds within [N days] of purchase.</p>');
        const [refund, ...rest] = policyProblemsOf({ LEGAL_PAGES_DIR: reviewed });
        expect(rest).toEqual([]);
        expect(refund).toContain(`${path.join(reviewed, 'refund.html')} still shows players 1 placeholder: [N days]`);
        fs.rmSync(path.join(reviewed, 'refund.html'));
        expect(policyProblemsOf({ LEGAL_PAGES_DIR: reviewed })).toEqual([expect.stringContaining(`${path.join(reviewed, 'refund.html')} is missing`)]);
        fs.writeFileSync(path.join(reviewed, 'refund.html'), complete('refund'));
        expect(policyProblemsOf({ LEGAL_PAGES_DIR: reviewed })).toEqual([]);
        // A demo and a development store show the templates as they are.
        expect(productionProblems({ ...loadConfig({ STORE_MODE: 'demo', ...live }), hostDist }).filter((problem) => /polic/.test(problem))).toEqual([]);
        expect(productionProblems({ ...loadConfig({}), hostDist })).toEqual([]);
      } finally {
        fs.rmSync(reviewed, { recursive: true, force: true });
      }
    });

    it('serves the publisher\'s reviewed page, filled, in place of the build\'s template', async () => {
      const reviewed = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-policies-'));
      try {
        fs.writeFileSync(path.join(reviewed, 'terms.html'), '<!doctype html><html><body><p>Governed by the laws of Korea. Seller: [PUBLISHER NAME].</p><style>p{margin:0}</style></body></html>');
        const { status, body, csp } = await termsWith({ ...PUBLISHER, LEGAL_PAGES_DIR: reviewed });
        expect(status).toBe(200);
        expect(body).toContain('Governed by the laws of Korea. Seller: Dragon Works Ltd.');
        expect(body).not.toContain('[GOVERNING LAW]');
        expect(csp).toMatch(/style-src[^;]*'sha256-/);
      } finally {
        fs.rmSync(reviewed, { recursive: true, force: true });
      }
    });

    it('escapes what the settings say, and leaves the template as it is while a fact is unset (development)', async () => {
      const { body } = await termsWith({ ...PUBLISHER, PUBLISHER_NAME: 'Dragon <b>Works</b>', PUBLISHER_ADDRESS: '' });
      expect(body).toContain('Dragon &lt;b&gt;Works&lt;/b&gt;');
      expect(body).toContain('[ADDRESS]');
      expect((await termsWith({})).body).toBe(template);
    });
  });
});
