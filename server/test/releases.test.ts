import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/http/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { checkContract, type HostFacts } from '../src/releases/contract-check';
import { OperationRefused } from '../src/domain-errors';
import { DbReleaseStore, ReleaseExistsError } from '../src/releases/release-store';
import { RegistryService } from '../src/releases/registry-service';
import { buildOf, hostBuildOf, manifestFor as manifestWith, releaseBody, ROUTER, TOPUP_EXPOSES } from './support/release-builds';
import { answered } from './support/refusal-answer';
import { testDbTargets } from './support/test-db';
import { SHARED_REACT_MAJOR, SHARED_REACT_VERSION } from '@topup/shared/shared-deps';

jest.setTimeout(60_000);

const manifestFor = (exposes: readonly string[], react = SHARED_REACT_VERSION, router: readonly string[] = ROUTER) => manifestWith(exposes, { react, router });

const HOST: HostFacts = { reactMajor: SHARED_REACT_MAJOR, sharedExports: { 'react-router-dom': ROUTER } };

describe('contract check', () => {
  it('passes a remote that exposes every page the host routes to with the host React major', () => {
    expect(checkContract('remote-topup', manifestFor(TOPUP_EXPOSES), HOST)).toEqual({ ok: true, problems: [] });
  });

  it('names each missing expose', () => {
    const result = checkContract('remote-topup', manifestFor(TOPUP_EXPOSES.filter((e) => e !== './SubmitPage')), HOST);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual(['missing expose ./SubmitPage that the host routes to']);
  });

  it('refuses a React major other than the host one, or none', () => {
    // A remote built with React itself cannot run on the host's Preact (decision 270).
    expect(checkContract('remote-voucher', manifestFor(['./VoucherCenterPage'], '19.3.1'), HOST).problems).toEqual([
      `shares React 19, the host runs React ${SHARED_REACT_MAJOR}`,
    ]);
    expect(checkContract('host', { shared: [] }, HOST).problems).toEqual(['does not share react']);
  });

  it('refuses a remote that uses shared-library exports the host does not ship', () => {
    const greedy = manifestFor(['./VoucherCenterPage'], SHARED_REACT_VERSION, [...ROUTER, 'useMatch']);
    expect(checkContract('remote-voucher', greedy, HOST).problems).toEqual([
      'uses react-router-dom exports the host does not ship: useMatch',
    ]);
    const { metaData: _omitted, ...bare } = manifestFor(['./VoucherCenterPage']);
    expect(checkContract('remote-voucher', bare, HOST).problems).toEqual([
      'was built without the store contract (no topupContract in its manifest)',
    ]);
  });

  it('refuses every remote while the live host\'s shared exports are unknown, and never skips that check', () => {
    const unknown: HostFacts = { reactMajor: SHARED_REACT_MAJOR, sharedExports: null };
    expect(checkContract('remote-topup', manifestFor(TOPUP_EXPOSES), unknown).problems).toEqual([
      "the live host's shared-library exports are unknown (no live host release names them): release the host first",
    ]);
    expect(checkContract('host', manifestFor([]), unknown)).toEqual({ ok: true, problems: [] });
  });
});

describe.each(testDbTargets())('release registry on $name', (target) => {
  let db: Db;
  let store: DbReleaseStore;
  let registry: RegistryService;

  beforeEach(async () => {
    db = await target.open();
    store = new DbReleaseStore(db);
    registry = new RegistryService(db, store);
    await registry.release({ app: 'host', version: 'h0', files: hostBuildOf('<title>h0</title>', 'main.0000000000.js'), actor: 'tester' });
  });
  afterEach(async () => {
    await db.close();
  });

  async function release(version: string, manifest = manifestFor(TOPUP_EXPOSES), extra: { force?: boolean; activate?: boolean } = {}) {
    return registry.release({ app: 'remote-topup', version, files: buildOf(manifest), actor: 'tester', reason: `ship ${version}`, ...extra });
  }
  const topupHistory = async () =>
    (await registry.list()).history.filter((h) => h.app === 'remote-topup').map((h) => `${h.kind} ${h.from_version ?? '-'}→${h.to_version}`);

  it('records a release with its files in the store and makes it live', async () => {
    const outcome = await release('v1');
    expect(outcome.activation).toMatchObject({ app: 'remote-topup', from_version: null, to_version: 'v1', actor: 'tester', kind: 'activate' });
    expect((await registry.list()).live['remote-topup']).toBe('v1');
    expect((await store.read('remote-topup', 'v1', 'remoteEntry.js'))?.content.toString()).toBe('/* entry */');
    expect(await store.readManifest('remote-topup', 'v1')).toEqual(manifestFor(TOPUP_EXPOSES));
    expect(await store.versions('remote-topup')).toEqual(['v1']);
    expect(await store.exists('remote-topup', 'v2')).toBe(false);
  });

  it('refuses the same version twice, in the registry and in the store', async () => {
    await release('v1');
    await expect(answered(release('v1'))).resolves.toMatchObject({ status: 409 });
    await expect(store.put('remote-topup', 'v1', buildOf(manifestFor(TOPUP_EXPOSES), { 'other.js': 'x' }))).rejects.toBeInstanceOf(ReleaseExistsError);
    expect([...(await store.index('remote-topup', 'v1')).keys()].sort()).toEqual(['mf-manifest.json', 'remoteEntry.js']);
  });

  it('refuses files that would leave the release, or a build without its manifest', async () => {
    const escaping = buildOf(manifestFor(TOPUP_EXPOSES), { '../../etc/passwd': 'x' });
    await expect(answered(registry.release({ app: 'remote-topup', version: 'v1', files: escaping, actor: 'tester' }))).resolves.toMatchObject({ status: 400 });
    const headless = buildOf(manifestFor(TOPUP_EXPOSES)).filter((file) => file.path !== 'mf-manifest.json');
    await expect(answered(registry.release({ app: 'remote-topup', version: 'v1', files: headless, actor: 'tester' }))).resolves.toMatchObject({ status: 400 });
    expect(await store.exists('remote-topup', 'v1')).toBe(false);
    expect((await registry.list()).releases.map((r) => r.app)).toEqual(['host']);
  });

  it('rolls back like a stack and refuses past the first live release', async () => {
    await release('v1');
    await release('v2');
    await release('v3');
    expect((await registry.rollback('remote-topup', 'ops', 'v3 broken')).to_version).toBe('v2');
    expect((await registry.rollback('remote-topup', 'ops', 'v2 broken too')).to_version).toBe('v1');
    await expect(answered(registry.rollback('remote-topup', 'ops'))).resolves.toMatchObject({ status: 409 });
    expect(await topupHistory()).toEqual(['rollback v2→v1', 'rollback v3→v2', 'activate v2→v3', 'activate v1→v2', 'activate -→v1']);
  });

  it('activates any earlier release and leaves other apps alone', async () => {
    await release('v1');
    await release('v2');
    await registry.activate('remote-topup', 'v1', 'ops', 'back to v1');
    const { live } = await registry.list();
    expect(live).toEqual({ host: 'h0', 'remote-topup': 'v1' });
    await expect(answered(registry.activate('remote-topup', 'v9', 'ops'))).resolves.toMatchObject({ status: 404 });
  });

  it('refuses a release that breaks the contract unless forced, records the force, and keeps no files of a refused one', async () => {
    const broken = manifestFor(['./MainPage']);
    const refused = release('bad', broken).catch((e: unknown) => e);
    expect(await refused).toBeInstanceOf(OperationRefused);
    expect(((await refused) as OperationRefused).message).toContain('missing expose ./GamePage');
    expect((await registry.list()).releases.map((r) => r.app)).toEqual(['host']);
    expect(await store.exists('remote-topup', 'bad')).toBe(false);

    const forced = await release('bad2', broken, { force: true });
    expect(forced.release).toMatchObject({ forced: true, contract_ok: false });
    expect(forced.activation?.forced).toBe(true);
    await release('good');
    await expect(answered(registry.activate('remote-topup', 'bad2', 'ops'))).resolves.toMatchObject({ status: 422 });
  });

  it('judges a remote by the live host release\'s manifest in the store', async () => {
    const greedy = manifestFor(TOPUP_EXPOSES, SHARED_REACT_VERSION, [...ROUTER, 'useMatch']);
    await expect(release('v1', greedy)).rejects.toThrow('uses react-router-dom exports the host does not ship: useMatch');
    await registry.release({ app: 'host', version: 'h1', files: hostBuildOf('<title>h1</title>', 'main.1111111111.js', { router: [...ROUTER, 'useMatch'] }), actor: 'tester' });
    expect((await release('v1', greedy)).release.contract_ok).toBe(true);
  });

  it('offers released versions, and only those, for preview', async () => {
    await release('v1', manifestFor(TOPUP_EXPOSES), { activate: false });
    expect(await registry.previewable('remote-topup', 'v1')).toBe(true);
    expect(await registry.previewable('remote-topup', 'v2')).toBe(false);
    expect(await registry.previewable('remote-voucher', 'v1')).toBe(false);
    expect((await registry.list()).live).toEqual({ host: 'h0' });
  });
});

it.each(testDbTargets())('refuses every remote while no host release is live, saying why ($name)', async (target) => {
  const db = await target.open();
  try {
    const registry = new RegistryService(db, new DbReleaseStore(db));
    const refused = registry.release({ app: 'remote-topup', version: 'v1', files: buildOf(manifestFor(TOPUP_EXPOSES)), actor: 'tester' });
    await expect(answered(refused)).resolves.toMatchObject({ status: 422, message: expect.stringContaining('release the host first') });
  } finally {
    await db.close();
  }
});

describe.each(testDbTargets())('ops routes and previews over HTTP on $name', (target) => {
  let db: Db;
  let app: FastifyInstance;

  async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
    const built = await buildApp({ config: loadConfig({ SANDBOX_GAME_PORT: '0', ...env }), db });
    await built.ready();
    return built;
  }

  const post = (url: string, body: object, token?: string) =>
    app.inject({ method: 'POST', url, payload: body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const topup = buildOf(manifestFor(TOPUP_EXPOSES));

  beforeEach(async () => {
    db = await target.open();
    app = await appWith({ OPS_TOKEN: 'right-token' });
    expect((await post('/ops/releases', releaseBody('host', 'h0', hostBuildOf('<title>host zero</title>', 'main.0000000000.js')), 'right-token')).statusCode).toBe(200);
  });
  afterEach(async () => {
    await app.close();
    await db.close();
  });

  it('are off without OPS_TOKEN', async () => {
    const off = await appWith({});
    expect((await off.inject({ method: 'GET', url: '/ops/remotes', headers: { authorization: 'Bearer x' } })).statusCode).toBe(404);
    await off.close();
  });

  it('answer 401 to a wrong or missing token and change nothing', async () => {
    expect((await post('/ops/releases', releaseBody('remote-topup', 'v1', topup), 'wrong')).statusCode).toBe(401);
    expect((await post('/ops/releases', releaseBody('remote-topup', 'v1', topup))).statusCode).toBe(401);
    const listing = await app.inject({ method: 'GET', url: '/ops/remotes', headers: { authorization: 'Bearer right-token' } });
    expect(listing.json().releases.map((r: { app: string }) => r.app)).toEqual(['host']);
  });

  it('refuse a release that comes without its files', async () => {
    const bare = await post('/ops/releases', { app: 'remote-topup', version: 'v1' }, 'right-token');
    expect(bare.statusCode).toBe(400);
    const headless = await post('/ops/releases', { app: 'remote-topup', version: 'v1', files: [{ path: 'remoteEntry.js', content: '' }] }, 'right-token');
    expect([headless.statusCode, headless.json().error]).toEqual([400, expect.stringContaining('mf-manifest.json')]);
    expect((await app.inject({ method: 'GET', url: '/remotes/remote-topup/v1/remoteEntry.js' })).statusCode).toBe(404);
  });

  it('release, activate and roll back with the right token; the registry follows', async () => {
    expect((await post('/ops/releases', releaseBody('remote-topup', 'v1', topup, { actor: 'ann' }), 'right-token')).statusCode).toBe(200);
    expect((await post('/ops/releases', releaseBody('remote-topup', 'v2', topup, { actor: 'ann' }), 'right-token')).statusCode).toBe(200);
    const registry = async () => (await app.inject({ method: 'GET', url: '/mf/registry.json' })).json();
    expect((await registry()).remotes['remote-topup']).toEqual({ version: 'v2', manifestUrl: '/remotes/remote-topup/v2/mf-manifest.json' });
    const rolled = await post('/ops/rollback', { app: 'remote-topup', reason: 'bad', actor: 'bob' }, 'right-token');
    expect(rolled.json()).toMatchObject({ from_version: 'v2', to_version: 'v1', actor: 'bob (ops token)', reason: 'bad' });
    expect((await registry()).remotes['remote-topup'].version).toBe('v1');
    // Old releases stay served for pages opened before the change.
    const old = await app.inject({ method: 'GET', url: '/remotes/remote-topup/v2/remoteEntry.js' });
    expect([old.statusCode, old.body]).toEqual([200, '/* entry */']);
    expect(old.headers['cache-control']).toBe('no-store');
    expect((await post('/ops/activate', { app: 'nope', version: 'v1' }, 'right-token')).statusCode).toBe(400);
    expect((await post('/ops/releases', releaseBody('remote-topup', 'v2', topup), 'right-token')).statusCode).toBe(409);
  });

  it('serves a preview registry for a released version by an operator’s signed link and refuses unknown ones', async () => {
    await post('/ops/releases', releaseBody('remote-topup', 'v1', topup), 'right-token');
    await post('/ops/releases', releaseBody('remote-topup', 'v2', topup, { activate: false }), 'right-token');
    // Unsigned, as anyone could ask before: refused (docs/security.md).
    expect((await app.inject({ method: 'GET', url: '/mf/registry.json?preview=remote-topup@v2' })).statusCode).toBe(404);
    const granted = await app.inject({ method: 'GET', url: '/ops/api/releases/preview-link?app=remote-topup&version=v2', headers: { authorization: 'Bearer right-token' } });
    const value = /mf_preview=([^#&]+)/.exec((granted.json() as { link: string }).link)![1]!;
    const preview = await app.inject({ method: 'GET', url: `/mf/registry.json?preview=${value}` });
    expect(preview.json().remotes['remote-topup']).toMatchObject({ version: 'v2', preview: true });
    expect(preview.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/mf/registry.json' })).json().remotes['remote-topup'].version).toBe('v1');
    expect((await app.inject({ method: 'GET', url: '/mf/registry.json?preview=remote-topup@v9' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/mf/registry.json?preview=garbage' })).statusCode).toBe(404);
  });

  it('serves the live host release at / and keeps older host files for pages opened before', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).body).toBe('<title>host zero</title>');
    await post('/ops/releases', releaseBody('host', 'h1', hostBuildOf('<title>host one</title>', 'main.aaaaaaaaaa.js')), 'right-token');
    expect((await app.inject({ method: 'GET', url: '/' })).body).toBe('<title>host one</title>');
    await post('/ops/releases', releaseBody('host', 'h2', hostBuildOf('<title>host two</title>', 'main.bbbbbbbbbb.js')), 'right-token');
    const index = await app.inject({ method: 'GET', url: '/' });
    expect(index.body).toBe('<title>host two</title>');
    expect(index.headers['cache-control']).toBe('no-store');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const chunk of ['/main.aaaaaaaaaa.js', '/main.0000000000.js']) {
      const oldChunk = await app.inject({ method: 'GET', url: chunk });
      expect([chunk, oldChunk.statusCode]).toEqual([chunk, 200]);
      expect(oldChunk.headers['cache-control']).toContain('immutable');
    }
    expect((await app.inject({ method: 'GET', url: '/../../etc/passwd' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/main.cccccccccc.js' })).statusCode).toBe(404);
  });
});
