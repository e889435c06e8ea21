import type { RemoteRegistry } from '@topup/shared/contracts';
import type { Db } from '../src/db/db';
import { judge, watchReleases, Z_CRITICAL } from '../src/releases/auto-rollback';
import { auditAutomaticRollback } from '../src/ops/audit';
import { BUCKETS, bucketOf, inShare, newBucket, versionFor } from '../src/releases/canary';
import type { ReleaseHealthSettings } from '../src/releases/health-settings';
import { readReports } from '../src/http/releases/health-routes';
import { healthMinutes, healthSince, recordLoads, setAutoRollback } from '../src/releases/release-health';
import { RegistryService } from '../src/releases/registry-service';
import { DbReleaseStore } from '../src/releases/release-store';
import { buildOf, hostBuildOf, manifestFor, TOPUP_EXPOSES } from './support/release-builds';
import { answered } from './support/refusal-answer';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const SETTINGS: ReleaseHealthSettings = { sample: 1, keepDays: 14, minLoads: 50, windowMinutes: 30, maxFailureRate: 0.05, checkMs: 10_000, perNetwork: 20, tokenMinutes: 15 };

describe('the canary split', () => {
  // 100,000 draws put one standard deviation of the share at 0.137 %; ± 0.8 % is 5.8 of them, so a fair
  // draw fails about once in 190 million runs (normal approximation) while a bucket drawn from too narrow a range still fails.
  it('gives a 25 % canary to 25 % ± 0.8 % of 100,000 browsers (5.8 standard deviations), each always the same version', () => {
    const state = { version: 'v1', activatedAt: '2026-11-26T00:00:00Z', canary: { version: 'v2', share: 25, since: '2026-11-26T01:00:00Z' } };
    const browsers = Array.from({ length: 100_000 }, () => newBucket());
    const canary = browsers.filter((bucket) => versionFor(state, bucket) === 'v2').length;
    expect(Math.abs(canary / 100_000 - 0.25)).toBeLessThanOrEqual(0.008);
    expect(browsers.every((bucket) => versionFor(state, bucket) === versionFor(state, bucket))).toBe(true);
    // Raising the share only adds browsers: nobody who had the canary loses it.
    const raised = { ...state, canary: { ...state.canary, share: 50 } };
    expect(browsers.filter((bucket) => versionFor(state, bucket) === 'v2' && versionFor(raised, bucket) !== 'v2')).toEqual([]);
    // A browser with no bucket (a request without the cookie) gets everyone's version.
    expect(versionFor(state, null)).toBe('v1');
  });

  it('splits the buckets exactly: 25 % of them, and reads only a well-formed cookie', () => {
    expect(Array.from({ length: BUCKETS }, (_, b) => b).filter((b) => inShare(b, 25))).toHaveLength(2_500);
    expect(bucketOf('a=1; topup_bucket=2499; b=2')).toBe(2499);
    expect(bucketOf('topup_bucket=10000')).toBeNull();
    expect(bucketOf('topup_bucket=-1')).toBeNull();
    expect(bucketOf('xtopup_bucket=12')).toBeNull();
    expect(bucketOf(undefined)).toBeNull();
  });
});

describe('health beacons as the pages send them', () => {
  it('reads well-formed reports, as text or JSON, and refuses anything else whole', () => {
    const beacon = { loads: [{ app: 'remote-topup', version: 'v2', outcome: 'rendered', ms: 812.4 }, { app: 'remote-ops', version: 'v1', outcome: 'chunk' }] };
    expect(readReports(JSON.stringify(beacon))).toEqual([
      { app: 'remote-topup', version: 'v2', outcome: 'rendered', ms: 812.4 },
      { app: 'remote-ops', version: 'v1', outcome: 'chunk', ms: undefined },
    ]);
    expect(readReports(beacon)).toHaveLength(2);
    expect(readReports('not json')).toBeNull();
    expect(readReports({ loads: [{ app: 'remote-mars', version: 'v1', outcome: 'rendered' }] })).toBeNull();
    expect(readReports({ loads: [{ app: 'remote-topup', version: '../x', outcome: 'rendered' }] })).toBeNull();
    expect(readReports({ loads: [{ app: 'remote-topup', version: 'v1', outcome: 'exploded' }] })).toBeNull();
    expect(readReports({ loads: Array.from({ length: 21 }, () => beacon.loads[0]) })).toBeNull();
  });
});

describe('the automatic rollback policy on synthetic figures', () => {
  it('rolls back a version failing far more than the one before it', () => {
    const verdict = judge({ loads: 200, failures: 30 }, { loads: 1_000, failures: 5 }, SETTINGS);
    expect(verdict.rollBack).toBe(true);
    expect(verdict.figures.z).toBeGreaterThan(Z_CRITICAL);
    expect(verdict.because).toMatch(/^automatic rollback: 30 of 200 loads failed \(15\.0 %\)/);
  });

  it('leaves a good version, and one no worse than the previous even above the threshold', () => {
    expect(judge({ loads: 200, failures: 4 }, { loads: 1_000, failures: 5 }, SETTINGS).rollBack).toBe(false);
    // Both versions fail 6 %: the new one is not to blame.
    const same = judge({ loads: 500, failures: 30 }, { loads: 1_000, failures: 60 }, SETTINGS);
    expect(same).toMatchObject({ rollBack: false, because: expect.stringMatching(/^not significantly worse/) });
  });

  it('does not act on too few loads, however bad', () => {
    expect(judge({ loads: 49, failures: 49 }, { loads: 1_000, failures: 0 }, SETTINGS)).toMatchObject({ rollBack: false, because: expect.stringMatching(/^too few loads/) });
  });

  it('without enough loads of the previous version, tests against the threshold itself', () => {
    expect(judge({ loads: 100, failures: 20 }, { loads: 3, failures: 0 }, SETTINGS).rollBack).toBe(true);
    expect(judge({ loads: 100, failures: 7 }, { loads: 3, failures: 0 }, SETTINGS).rollBack).toBe(false);
  });
});

describe.each(testDbTargets())('canaries, health and automatic rollback on $name', (target) => {
  let db: Db;
  let registry: RegistryService;

  beforeEach(async () => {
    db = await target.open();
    registry = new RegistryService(db, new DbReleaseStore(db));
    await registry.release({ app: 'host', version: 'h0', files: hostBuildOf('<title>h0</title>', 'main.0000000000.js'), actor: 'tester' });
    for (const version of ['v1', 'v2', 'v3']) {
      await registry.release({ app: 'remote-topup', version, files: buildOf(manifestFor(TOPUP_EXPOSES)), actor: 'tester', activate: version === 'v1' });
    }
  });
  afterEach(() => db.close());

  const loads = (version: string, outcome: 'rendered' | 'render', count: number, at?: Date) =>
    recordLoads(db, Array.from({ length: count }, () => ({ app: 'remote-topup' as const, version, outcome, ms: 400 })), at);
  const history = async () => (await registry.list()).history.filter((h) => h.app === 'remote-topup').map((h) => `${h.kind} ${h.from_version}→${h.to_version}${h.share ? ` ${h.share}%` : ''}`);

  it('promotes a canary step by step to everyone; a rollback ends a canary; activate and rollback work as before', async () => {
    await expect(answered(registry.promote('remote-topup', 'v1', 25, 'ops'))).resolves.toMatchObject({ status: 409 });
    await expect(answered(registry.promote('remote-topup', 'v9', 25, 'ops'))).resolves.toMatchObject({ status: 404 });
    await expect(answered(registry.promote('host', 'h0', 25, 'ops'))).resolves.toMatchObject({ status: 400 });
    await registry.promote('remote-topup', 'v2', 25, 'ops', 'try v2');
    expect((await registry.list()).canaries?.['remote-topup']).toMatchObject({ version: 'v2', share: 25 });
    await registry.promote('remote-topup', 'v2', 50, 'ops');
    await registry.promote('remote-topup', 'v2', 100, 'ops');
    const listing = await registry.list();
    expect(listing.live['remote-topup']).toBe('v2');
    expect(listing.canaries?.['remote-topup']).toBeUndefined();
    await registry.promote('remote-topup', 'v3', 5, 'ops');
    await registry.rollback('remote-topup', 'ops', 'v3 looks wrong');
    expect((await registry.list()).canaries?.['remote-topup']).toBeUndefined();
    expect((await registry.rollback('remote-topup', 'ops')).to_version).toBe('v1');
    expect(await history()).toEqual(['rollback v2→v1', 'rollback v3→v2', 'canary v2→v3 5%', 'activate v1→v2', 'canary v2→v2 50%', 'canary v1→v2 25%', 'activate null→v1']);
  });

  it('adds beacons up per version and minute, dropping versions never released', async () => {
    const minute = new Date('2026-11-20T10:15:30Z');
    await loads('v1', 'rendered', 3, minute);
    await recordLoads(db, [{ app: 'remote-topup', version: 'v1', outcome: 'chunk' }, { app: 'remote-topup', version: 'made-up', outcome: 'rendered' }], new Date('2026-11-20T10:15:59Z'));
    expect(await db.query('SELECT version, minute::text, rendered, chunk_failed, render_ms_sum::int AS ms FROM release_health')).toEqual([
      { version: 'v1', minute: expect.stringMatching(/^2026-11-20 10:15:00/), rendered: 3, chunk_failed: 1, ms: 1200 },
    ]);
    expect(await healthSince(db, 'remote-topup', 'v1', '2026-11-20T10:00:00Z')).toEqual({ loads: 4, failures: 1 });
    await loads('v1', 'rendered', 2);
    expect((await healthMinutes(db, 'remote-topup', 1)).map((m) => [m.version, m.rendered, m.render_ms])).toEqual([['v1', 2, 400]]);
  });

  it('ends a failing canary by itself, with its figures in the history; leaves a good one; not an app switched off', async () => {
    await registry.promote('remote-topup', 'v2', 25, 'ops');
    await loads('v1', 'rendered', 300);
    await loads('v2', 'rendered', 60);
    expect(await watchReleases(db, registry, SETTINGS)).toEqual([]);
    await loads('v2', 'render', 20);
    await setAutoRollback(db, 'remote-topup', false, 'ops');
    expect(await watchReleases(db, registry, SETTINGS)).toEqual([]);
    await setAutoRollback(db, 'remote-topup', true, 'ops');
    const [done] = await watchReleases(db, registry, SETTINGS);
    expect(done).toMatchObject({ kind: 'auto-rollback', from_version: 'v2', to_version: 'v1', figures: { candidate: { loads: 80, failures: 20 }, baseline: { loads: 300, failures: 0 } } });
    expect(done?.reason).toMatch(/^automatic rollback: 20 of 80 loads failed/);
    expect((await registry.list()).canaries?.['remote-topup']).toBeUndefined();
    expect((await registry.list()).live['remote-topup']).toBe('v1');
  });

  it('takes a failing version activated for everyone back to the one before, only within its first minutes', async () => {
    await loads('v1', 'rendered', 300);
    await registry.activate('remote-topup', 'v2', 'ops');
    await loads('v2', 'render', 60);
    expect(await watchReleases(db, registry, SETTINGS, undefined, new Date(Date.now() + 31 * 60_000))).toEqual([]);
    const [done] = await watchReleases(db, registry, SETTINGS, auditAutomaticRollback);
    expect(done).toMatchObject({ kind: 'auto-rollback', from_version: 'v2', to_version: 'v1' });
    expect((await registry.list()).live['remote-topup']).toBe('v1');
    // Its alert, once, from the rollback's own transaction (decision 281); looking again rolls nothing back and alerts nothing.
    expect(await watchReleases(db, registry, SETTINGS, auditAutomaticRollback)).toEqual([]);
    expect(await db.query(`SELECT alert_kind, subject, title FROM alert_incidents`)).toEqual([
      { alert_kind: 'auto_rollback', subject: `remote-topup:${done!.id}`, title: 'remote-topup rolled back from v2 to v1' },
    ]);
  });
});

describe.each(testDbTargets())('the registry answer and the beacon route on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
    const registry = new RegistryService(store.db, new DbReleaseStore(store.db));
    await registry.release({ app: 'host', version: 'h0', files: hostBuildOf('<title>h0</title>', 'main.0000000000.js'), actor: 'tester' });
    for (const version of ['v1', 'v2']) await registry.release({ app: 'remote-topup', version, files: buildOf(manifestFor(TOPUP_EXPOSES)), actor: 'tester', activate: version === 'v1' });
    await registry.promote('remote-topup', 'v2', 25, 'ops');
  });
  afterAll(() => store.close());

  const registryAnswer = async (cookie?: string) => {
    const response = await store.app.inject({ method: 'GET', url: '/mf/registry.json', headers: cookie ? { cookie } : {} });
    return { version: (response.json() as RemoteRegistry).remotes['remote-topup'].version, setCookie: response.headers['set-cookie'] as string | undefined };
  };

  it('gives each browser a bucket once and the same version on every load; about a quarter of 400 browsers get the canary', async () => {
    const first = await registryAnswer();
    expect(first.setCookie).toMatch(/^topup_bucket=\d{1,4}; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    const cookie = first.setCookie!.split(';')[0]!;
    for (let load = 0; load < 5; load += 1) expect(await registryAnswer(cookie)).toEqual({ version: first.version, setCookie: undefined });
    let canary = 0;
    for (let browser = 0; browser < 400; browser += 1) if ((await registryAnswer()).version === 'v2') canary += 1;
    // 400 browsers: 100 expected, standard deviation 8.7; ± 45 is 5.2 of them (about one failure in 5 million runs).
    expect(Math.abs(canary - 100)).toBeLessThanOrEqual(45);
    expect(await registryAnswer('topup_bucket=100')).toEqual({ version: 'v2', setCookie: undefined });
    expect(await registryAnswer('topup_bucket=2500')).toEqual({ version: 'v1', setCookie: undefined });
  });

  it('takes beacons sent as text, refuses malformed ones with 400, and keeps counts only', async () => {
    const send = (payload: string) => store.app.inject({ method: 'POST', url: '/mf/health', headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: 'topup_bucket=100' }, payload });
    // The page load's token comes with the registry answer (releases/load-tokens.ts).
    const token = ((await store.app.inject({ method: 'GET', url: '/mf/registry.json', headers: { cookie: 'topup_bucket=100' } })).json() as RemoteRegistry).health;
    expect((await send(JSON.stringify({ token, loads: [{ app: 'remote-topup', version: 'v2', outcome: 'render' }] }))).statusCode).toBe(204);
    expect((await send('{"loads": 3}')).statusCode).toBe(400);
    expect((await send('x'.repeat(5_000))).statusCode).toBe(413);
    expect(await healthSince(store.db, 'remote-topup', 'v2', new Date(Date.now() - 120_000).toISOString())).toEqual({ loads: 1, failures: 1 });
  });
});
