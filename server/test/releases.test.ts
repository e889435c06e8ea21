import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { requiredExposes } from '@topup/shared/contracts';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { checkContract, type FederationManifest, type HostFacts } from '../src/releases/contract-check';
import { OpsError } from '../src/releases/ops-error';
import { ReleaseFiles } from '../src/releases/release-files';
import { RegistryService } from '../src/releases/registry-service';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

const ROUTER = ['HashRouter', 'Link', 'useNavigate'];

function manifestFor(exposes: readonly string[], react = '19.3.1', router: readonly string[] = ROUTER): FederationManifest {
  return {
    metaData: { topupContract: { version: 1, sharedExports: { 'react-router-dom': router } } },
    shared: [{ name: 'react', version: react }, { name: 'react-dom', version: react }],
    exposes: exposes.map((e) => ({ name: e.replace('./', ''), path: e })),
  };
}

const HOST: HostFacts = { reactMajor: 19, sharedExports: { 'react-router-dom': ROUTER } };

const TOPUP_EXPOSES = requiredExposes('remote-topup');

/** A fake build folder as Rspack leaves it: a manifest and a chunk. */
function fakeBuild(manifest: FederationManifest): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-build-'));
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), '/* entry */');
  return dir;
}

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
    expect(checkContract('remote-voucher', manifestFor(['./VoucherCenterPage'], '18.3.1'), HOST).problems).toEqual([
      'shares React 18, the host runs React 19',
    ]);
    expect(checkContract('host', { shared: [] }, HOST).problems).toEqual(['does not share react']);
  });

  it('refuses a remote that uses shared-library exports the host does not ship', () => {
    const greedy = manifestFor(['./VoucherCenterPage'], '19.3.1', [...ROUTER, 'useMatch']);
    expect(checkContract('remote-voucher', greedy, HOST).problems).toEqual([
      'uses react-router-dom exports the host does not ship: useMatch',
    ]);
    const { metaData: _omitted, ...bare } = manifestFor(['./VoucherCenterPage']);
    expect(checkContract('remote-voucher', bare, HOST).problems).toEqual([
      'was built without the store contract (no topupContract in its manifest)',
    ]);
  });
});

describe.each(testDbTargets())('release registry on $name', (target) => {
  let db: Db;
  let files: ReleaseFiles;
  let registry: RegistryService;

  beforeEach(async () => {
    db = await target.open();
    files = new ReleaseFiles(fs.mkdtempSync(path.join(os.tmpdir(), 'topup-releases-')));
    registry = new RegistryService(db, files, fs.mkdtempSync(path.join(os.tmpdir(), 'topup-host-')));
  });
  afterEach(async () => {
    await db.close();
  });

  async function release(version: string, manifest = manifestFor(TOPUP_EXPOSES), extra: { force?: boolean; activate?: boolean } = {}) {
    files.copyIn('remote-topup', version, fakeBuild(manifest));
    return registry.release({ app: 'remote-topup', version, actor: 'tester', reason: `ship ${version}`, ...extra });
  }

  it('records a release, makes it live, and keeps the files read-only', async () => {
    const outcome = await release('v1');
    expect(outcome.activation).toMatchObject({ app: 'remote-topup', from_version: null, to_version: 'v1', actor: 'tester', kind: 'activate' });
    expect((await registry.list()).live['remote-topup']).toBe('v1');
    const mode = fs.statSync(path.join(files.dirOf('remote-topup', 'v1'), 'remoteEntry.js')).mode;
    expect(mode & 0o222).toBe(0);
  });

  it('refuses the same version twice, on disk and in the registry', async () => {
    await release('v1');
    expect(() => files.copyIn('remote-topup', 'v1', fakeBuild(manifestFor(TOPUP_EXPOSES)))).toThrow('already released');
    await expect(registry.release({ app: 'remote-topup', version: 'v1', actor: 'tester' })).rejects.toMatchObject({ status: 409 });
  });

  it('rolls back like a stack and refuses past the first live release', async () => {
    await release('v1');
    await release('v2');
    await release('v3');
    expect((await registry.rollback('remote-topup', 'ops', 'v3 broken')).to_version).toBe('v2');
    expect((await registry.rollback('remote-topup', 'ops', 'v2 broken too')).to_version).toBe('v1');
    await expect(registry.rollback('remote-topup', 'ops')).rejects.toMatchObject({ status: 409 });
    const history = (await registry.list()).history.map((h) => `${h.kind} ${h.from_version ?? '-'}→${h.to_version}`);
    expect(history).toEqual(['rollback v2→v1', 'rollback v3→v2', 'activate v2→v3', 'activate v1→v2', 'activate -→v1']);
  });

  it('activates any earlier release and leaves other apps alone', async () => {
    await release('v1');
    await release('v2');
    await registry.activate('remote-topup', 'v1', 'ops', 'back to v1');
    const { live } = await registry.list();
    expect(live).toEqual({ 'remote-topup': 'v1' });
    await expect(registry.activate('remote-topup', 'v9', 'ops')).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a release that breaks the contract unless forced, and records the force', async () => {
    const broken = manifestFor(['./MainPage']);
    const refused = release('bad', broken).catch((e: unknown) => e);
    expect(await refused).toBeInstanceOf(OpsError);
    expect(((await refused) as OpsError).message).toContain('missing expose ./GamePage');
    expect((await registry.list()).releases).toEqual([]);

    const forced = await release('bad2', broken, { force: true });
    expect(forced.release).toMatchObject({ forced: true, contract_ok: false });
    expect(forced.activation?.forced).toBe(true);
    await release('good');
    await expect(registry.activate('remote-topup', 'bad2', 'ops')).rejects.toMatchObject({ status: 422 });
  });

  it('offers released versions, and only those, for preview', async () => {
    await release('v1', manifestFor(TOPUP_EXPOSES), { activate: false });
    expect(await registry.previewable('remote-topup', 'v1')).toBe(true);
    expect(await registry.previewable('remote-topup', 'v2')).toBe(false);
    expect(await registry.previewable('remote-voucher', 'v1')).toBe(false);
    expect((await registry.list()).live).toEqual({});
  });
});

describe.each(testDbTargets())('ops routes and previews over HTTP on $name', (target) => {
  let db: Db;
  let app: FastifyInstance;
  let releasesDir: string;

  async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
    const built = await buildApp({ config: loadConfig({ RELEASES_DIR: releasesDir, ...env }), db });
    await built.ready();
    return built;
  }

  beforeEach(async () => {
    db = await target.open();
    releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-releases-'));
    const files = new ReleaseFiles(releasesDir);
    for (const version of ['v1', 'v2']) files.copyIn('remote-topup', version, fakeBuild(manifestFor(TOPUP_EXPOSES)));
    app = await appWith({ OPS_TOKEN: 'right-token' });
  });
  afterEach(async () => {
    await app.close();
    await db.close();
  });

  const post = (url: string, body: object, token?: string) =>
    app.inject({ method: 'POST', url, payload: body, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('are off without OPS_TOKEN', async () => {
    const off = await appWith({});
    expect((await off.inject({ method: 'GET', url: '/ops/remotes', headers: { authorization: 'Bearer x' } })).statusCode).toBe(404);
    await off.close();
  });

  it('answer 401 to a wrong or missing token and change nothing', async () => {
    expect((await post('/ops/releases', { app: 'remote-topup', version: 'v1' }, 'wrong')).statusCode).toBe(401);
    expect((await post('/ops/releases', { app: 'remote-topup', version: 'v1' })).statusCode).toBe(401);
    const listing = await app.inject({ method: 'GET', url: '/ops/remotes', headers: { authorization: 'Bearer right-token' } });
    expect(listing.json().releases).toEqual([]);
  });

  it('release, activate and roll back with the right token; the registry follows', async () => {
    expect((await post('/ops/releases', { app: 'remote-topup', version: 'v1', actor: 'ann' }, 'right-token')).statusCode).toBe(200);
    expect((await post('/ops/releases', { app: 'remote-topup', version: 'v2', actor: 'ann' }, 'right-token')).statusCode).toBe(200);
    const registry = async () => (await app.inject({ method: 'GET', url: '/mf/registry.json' })).json();
    expect((await registry()).remotes['remote-topup']).toEqual({ version: 'v2', manifestUrl: '/remotes/remote-topup/v2/mf-manifest.json' });
    const rolled = await post('/ops/rollback', { app: 'remote-topup', reason: 'bad', actor: 'bob' }, 'right-token');
    expect(rolled.json()).toMatchObject({ from_version: 'v2', to_version: 'v1', actor: 'bob (ops token)', reason: 'bad' });
    expect((await registry()).remotes['remote-topup'].version).toBe('v1');
    // Old releases stay served for pages opened before the change.
    const old = await app.inject({ method: 'GET', url: '/remotes/remote-topup/v2/remoteEntry.js' });
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('no-store');
    expect((await post('/ops/activate', { app: 'nope', version: 'v1' }, 'right-token')).statusCode).toBe(400);
  });

  it('serves a preview registry for a released version and refuses unknown ones', async () => {
    await post('/ops/releases', { app: 'remote-topup', version: 'v1' }, 'right-token');
    await post('/ops/releases', { app: 'remote-topup', version: 'v2', activate: false }, 'right-token');
    const preview = await app.inject({ method: 'GET', url: '/mf/registry.json?preview=remote-topup@v2' });
    expect(preview.json().remotes['remote-topup']).toMatchObject({ version: 'v2', preview: true });
    expect(preview.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/mf/registry.json' })).json().remotes['remote-topup'].version).toBe('v1');
    expect((await app.inject({ method: 'GET', url: '/mf/registry.json?preview=remote-topup@v9' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/mf/registry.json?preview=garbage' })).statusCode).toBe(404);
  });

  it('serves the live host release at / and keeps older host files for pages opened before', async () => {
    const files = new ReleaseFiles(releasesDir);
    const hostBuild = (page: string, chunk: string) => {
      const dir = fakeBuild(manifestFor([]));
      fs.writeFileSync(path.join(dir, 'index.html'), `<title>${page}</title>`);
      fs.writeFileSync(path.join(dir, chunk), `/* ${page} */`);
      return dir;
    };
    files.copyIn('host', 'h1', hostBuild('host one', 'main.aaaaaaaaaa.js'));
    files.copyIn('host', 'h2', hostBuild('host two', 'main.bbbbbbbbbb.js'));
    await post('/ops/releases', { app: 'host', version: 'h1' }, 'right-token');
    expect((await app.inject({ method: 'GET', url: '/' })).body).toBe('<title>host one</title>');
    await post('/ops/releases', { app: 'host', version: 'h2' }, 'right-token');
    const index = await app.inject({ method: 'GET', url: '/' });
    expect(index.body).toBe('<title>host two</title>');
    expect(index.headers['cache-control']).toBe('no-store');
    const oldChunk = await app.inject({ method: 'GET', url: '/main.aaaaaaaaaa.js' });
    expect(oldChunk.statusCode).toBe(200);
    expect(oldChunk.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/../../etc/passwd' })).statusCode).toBe(404);
  });
});

