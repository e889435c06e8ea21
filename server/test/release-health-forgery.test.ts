import type { RemoteRegistry } from '@topup/shared/contracts';
import { watchReleases } from '../src/releases/auto-rollback';
import type { ReleaseHealthSettings } from '../src/releases/health-settings';
import { issueLoadToken, networkOf, readLoadToken } from '../src/releases/load-tokens';
import { openPreview, signPreview } from '../src/releases/preview-links';
import { healthSince, recordLoads } from '../src/releases/release-health';
import { RegistryService } from '../src/releases/registry-service';
import { DbReleaseStore } from '../src/releases/release-store';
import { Signer, storedSigningKey } from '../src/releases/signing-key';
import { buildOf, hostBuildOf, manifestFor, TOPUP_EXPOSES } from './support/release-builds';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(180_000);

// The store never judges by itself here (checkMs of an hour): each test calls watchReleases.
const SETTINGS: ReleaseHealthSettings = { sample: 1, keepDays: 14, minLoads: 50, windowMinutes: 30, maxFailureRate: 0.05, checkMs: 3_600_000, perNetwork: 20, tokenMinutes: 15 };
const OPS_TOKEN = 'health-forgery-ops-token';

describe('load tokens, networks and preview values', () => {
  const signer = new Signer('k'.repeat(32));

  it('reads back only what the store signed, before it expires', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    const token = issueLoadToken(signer, 100, { 'remote-topup': 'v2' }, 15, now);
    expect(readLoadToken(signer, token, now + 60_000)).toMatchObject({ bucket: 100, versions: { 'remote-topup': 'v2' } });
    expect(readLoadToken(signer, token, now + 16 * 60_000)).toBeNull();
    expect(readLoadToken(new Signer('x'.repeat(32)), token, now)).toBeNull();
    // The claims cannot be changed: another version under the same signature is refused.
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify(['id', now / 1000 + 900, 100, { 'remote-topup': 'v9' }])).toString('base64url')}.${signature}`;
    expect(readLoadToken(signer, forged, now)).toBeNull();
    expect(readLoadToken(signer, 'not.a-token', now)).toBeNull();
    expect(readLoadToken(signer, undefined, now)).toBeNull();
  });

  it('groups addresses by /24 (IPv4) and /64 (IPv6)', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.114.7')).not.toBe(networkOf('203.0.113.7'));
    expect(networkOf('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8:1:2:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8:1:3::a')).not.toBe(networkOf('2001:db8:1:2::a'));
  });

  it('opens a preview value only with its signature and before it expires', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    const { value } = signPreview(signer, 'remote-topup@v3', now);
    expect(openPreview(signer, value, now)).toBe('remote-topup@v3');
    expect(openPreview(signer, value, now + 9 * 3_600_000)).toBeNull();
    expect(openPreview(signer, value.replace('remote-topup@v3', 'remote-topup@v1'), now)).toBeNull();
    expect(openPreview(signer, 'remote-topup@v3', now)).toBeNull();
  });
});

describe.each(testDbTargets())('forged release health and previews on $name', (target) => {
  let store: TestStore;
  let registry: RegistryService;

  beforeEach(async () => {
    store = await openTestStore(target, { opsToken: OPS_TOKEN }, { releaseHealth: SETTINGS });
    registry = new RegistryService(store.db, new DbReleaseStore(store.db));
    await registry.release({ app: 'host', version: 'h0', files: hostBuildOf('<title>h0</title>', 'main.0000000000.js'), actor: 'tester' });
    for (const version of ['v1', 'v2', 'v3']) {
      await registry.release({ app: 'remote-topup', version, files: buildOf(manifestFor(TOPUP_EXPOSES)), actor: 'tester', activate: version === 'v1' });
    }
    // The live version's past: 300 good loads.
    await recordLoads(store.db, Array.from({ length: 300 }, () => ({ app: 'remote-topup' as const, version: 'v1', outcome: 'rendered' as const, ms: 400 })));
  });
  afterEach(() => store.close());

  /** A page load: the registry answer a browser (bucket) at an address gets. */
  const pageLoad = async (address: string, bucket = 100, query = '') => {
    const response = await store.app.inject({ method: 'GET', url: `/mf/registry.json${query}`, headers: { cookie: `topup_bucket=${bucket}` }, remoteAddress: address });
    return { status: response.statusCode, registry: response.json() as RemoteRegistry & { msg?: string } };
  };
  const beacon = (address: string, body: object, bucket = 100) =>
    store.app.inject({ method: 'POST', url: '/mf/health', headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: `topup_bucket=${bucket}` }, remoteAddress: address, payload: JSON.stringify(body) });
  const reports = (version: string, outcome: 'rendered' | 'render', count = 1) => Array.from({ length: count }, () => ({ app: 'remote-topup', version, outcome, ms: 300 }));
  const figures = (version: string) => healthSince(store.db, 'remote-topup', version, new Date(Date.now() - 3_600_000).toISOString());

  it('does not roll back a good release for anonymous forged failures (3 beacons of 20, no token)', async () => {
    await registry.activate('remote-topup', 'v2', 'ops', 'v2 for everyone');
    for (let i = 0; i < 3; i += 1) expect((await beacon('198.51.100.9', { loads: reports('v2', 'render', 20) })).statusCode).toBe(204);
    expect(await figures('v2')).toEqual({ loads: 0, failures: 0 });
    expect(await watchReleases(store.db, registry, SETTINGS)).toEqual([]);
    expect((await registry.list()).live['remote-topup']).toBe('v2');
  });

  it('counts a token once: a replayed one, one for another version or another browser count nothing', async () => {
    await registry.activate('remote-topup', 'v2', 'ops', 'v2 for everyone');
    const { registry: answer } = await pageLoad('192.0.2.10', 4000);
    expect(answer.remotes['remote-topup'].version).toBe('v2');
    expect(answer.health).toEqual(expect.any(String));
    const real = { token: answer.health, loads: reports('v2', 'rendered') };
    expect((await beacon('192.0.2.10', real, 4000)).statusCode).toBe(204);
    expect(await figures('v2')).toEqual({ loads: 1, failures: 0 });
    // The same beacon again, and again from elsewhere: nothing more.
    for (let i = 0; i < 20; i += 1) await beacon('192.0.2.10', { token: answer.health, loads: reports('v2', 'render') }, 4000);
    await beacon('198.51.100.9', real, 4000);
    expect(await figures('v2')).toEqual({ loads: 1, failures: 0 });
    // A fresh load's token names v2: a report of v1 with it counts nothing, nor does it from another browser.
    const second = (await pageLoad('192.0.2.11', 4000)).registry.health;
    await beacon('192.0.2.11', { token: second, loads: reports('v1', 'render') }, 4000);
    await beacon('192.0.2.11', { token: second, loads: reports('v2', 'render') }, 4001);
    expect(await figures('v1')).toEqual({ loads: 300, failures: 0 });
    expect(await figures('v2')).toEqual({ loads: 1, failures: 0 });
    // A made-up token counts nothing either; a beacon that is not one is still refused whole.
    await beacon('192.0.2.11', { token: `${second!.split('.')[0]}.forged`, loads: reports('v2', 'render') }, 4000);
    expect(await figures('v2')).toEqual({ loads: 1, failures: 0 });
    expect((await beacon('192.0.2.11', { token: second, loads: 3 })).statusCode).toBe(400);
  });

  it('rolls back a failing canary whatever a stranger reports: forged "rendered" floods are dropped or capped per network', async () => {
    await registry.promote('remote-topup', 'v3', 25, 'ops', 'v3 to a quarter');
    // Sixty real players, each on its own network, whose v3 page fails to render.
    for (let player = 0; player < 60; player += 1) {
      const address = `10.${player}.0.1`;
      const { registry: answer } = await pageLoad(address, 100 + player);
      expect(answer.remotes['remote-topup'].version).toBe('v3');
      await beacon(address, { token: answer.health, loads: reports('v3', 'render') }, 100 + player);
    }
    // A stranger: sixty beacons of twenty "rendered" without a token (1,200 reports) ...
    for (let i = 0; i < 60; i += 1) await beacon('203.0.113.7', { loads: reports('v3', 'rendered', 20) });
    // ... and sixty page loads of its own from one /24, each reporting "rendered" with its genuine token.
    for (let i = 0; i < 60; i += 1) {
      const address = `203.0.113.${100 + (i % 50)}`;
      const { registry: answer } = await pageLoad(address, 200);
      await beacon(address, { token: answer.health, loads: reports('v3', 'rendered') }, 200);
    }
    // Only twenty of the stranger's loads count: 60 failures of 80 loads.
    expect(await figures('v3')).toEqual({ loads: 80, failures: 60 });
    const [done] = await watchReleases(store.db, registry, SETTINGS);
    expect(done).toMatchObject({ kind: 'auto-rollback', from_version: 'v3', to_version: 'v1', figures: { candidate: { loads: 80, failures: 60 } } });
    expect((await registry.list()).canaries?.['remote-topup']).toBeUndefined();
  });

  it('caps what one IPv6 /64 adds to a version in a window; another /64 counts on its own', async () => {
    await registry.activate('remote-topup', 'v2', 'ops', 'v2 for everyone');
    const loadFrom = async (address: string) => {
      const { registry: answer } = await pageLoad(address, 5000);
      await beacon(address, { token: answer.health, loads: reports('v2', 'render') }, 5000);
    };
    for (let i = 0; i < 30; i += 1) await loadFrom(`2001:db8:1:2::${(i + 1).toString(16)}`);
    expect(await figures('v2')).toEqual({ loads: 20, failures: 20 });
    await loadFrom('2001:db8:1:3::1');
    expect(await figures('v2')).toEqual({ loads: 21, failures: 21 });
    // Twenty-one failed loads are too few to judge (50): the /64's flood alone rolls nothing back.
    expect(await watchReleases(store.db, registry, SETTINGS)).toEqual([]);
    expect(await store.db.query('SELECT count(DISTINCT network)::int AS n FROM release_health_loads')).toEqual([{ n: 2 }]);
  });

  it('previews only with a signed link an operator got, never a rolled-back version', async () => {
    // Anyone's unsigned preview, as pages asked before: refused.
    const unsigned = await pageLoad('192.0.2.20', 5000, '?preview=remote-topup@v3');
    expect(unsigned.status).toBe(404);
    expect(unsigned.registry.msg).toMatch(/preview link/);
    // Only an operator gets a link.
    const ask = (version: string, authorization?: string) =>
      store.app.inject({ method: 'GET', url: `/ops/api/releases/preview-link?app=remote-topup&version=${version}`, headers: authorization ? { authorization } : {} });
    expect((await ask('v3')).statusCode).toBe(401);
    const granted = await ask('v3', `Bearer ${OPS_TOKEN}`);
    expect(granted.statusCode).toBe(200);
    const { link, expires_at } = granted.json() as { link: string; expires_at: string };
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now());
    const value = decodeURIComponent(/mf_preview=([^#&]+)/.exec(link)![1]!);
    const previewed = await pageLoad('192.0.2.20', 5000, `?preview=${encodeURIComponent(value)}`);
    expect(previewed.status).toBe(200);
    expect(previewed.registry.remotes['remote-topup']).toMatchObject({ version: 'v3', preview: true });
    // A previewed load's token names no version of the previewed remote: its reports count nothing.
    await beacon('192.0.2.20', { token: previewed.registry.health, loads: reports('v3', 'render') }, 5000);
    expect(await figures('v3')).toEqual({ loads: 0, failures: 0 });
    // The link's signature does not open another version.
    expect((await pageLoad('192.0.2.20', 5000, `?preview=${encodeURIComponent(value.replace('@v3~', '@v2~'))}`)).status).toBe(404);
    expect((await ask('v9', `Bearer ${OPS_TOKEN}`)).statusCode).toBe(404);
    expect((await ask('../x', `Bearer ${OPS_TOKEN}`)).statusCode).toBe(404);

    // v3 goes live and is rolled back: its link stops working, and no new one is given.
    await registry.activate('remote-topup', 'v3', 'ops', 'v3 for everyone');
    await registry.rollback('remote-topup', 'ops', 'v3 is wrong');
    expect((await pageLoad('192.0.2.20', 5000, `?preview=${encodeURIComponent(value)}`)).status).toBe(404);
    const refused = await ask('v3', `Bearer ${OPS_TOKEN}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: expect.stringMatching(/rolled back/) });
    // Made live again, it is no longer a rolled-back version.
    await registry.activate('remote-topup', 'v3', 'ops', 'v3 fixed by config', false, undefined, { confirmed: true });
    await registry.activate('remote-topup', 'v1', 'ops', 'back to v1 by hand');
    expect((await ask('v3', `Bearer ${OPS_TOKEN}`)).statusCode).toBe(200);
  });

  it('keeps one signing key in the database, the same for every instance', async () => {
    const first = await storedSigningKey(store.db);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await storedSigningKey(store.db)).toBe(first);
  });
});
