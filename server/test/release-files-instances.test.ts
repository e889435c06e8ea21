import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/http/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import type { ReleasableApp } from '../src/releases/apps';
import { buildFolders, recordBuildsAsReleases, SYSTEM_ACTOR } from '../src/releases/first-releases';
import { ReleaseFileCache } from '../src/releases/release-file-cache';
import { DbReleaseStore, type ReleaseStore } from '../src/releases/release-store';
import { RegistryService } from '../src/releases/registry-service';
import { distRemoteSource } from '../src/releases/remote-source';
import { buildOf, folderOf, hostBuildOf, manifestFor, releaseBody, ROUTER, TOPUP_EXPOSES } from './support/release-builds';
import { secondInstance, testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const TOKEN = 'release-files-token';
const auth = { authorization: `Bearer ${TOKEN}` };

/** A machine's checkout: the builds it has under `<app>/dist`, and nothing else. */
function checkout(builds: Partial<Record<ReleasableApp, ReturnType<typeof buildOf>>>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-checkout-'));
  for (const [app, files] of Object.entries(builds)) folderOf(files, path.join(root, app, 'dist'));
  return root;
}

const topupBuild = (stamp: string) => buildOf(manifestFor(TOPUP_EXPOSES, { stamp }));
const voucherBuild = (stamp: string) => buildOf(manifestFor(['./VoucherCenterPage'], { stamp }));

/** Machine A has the host and remote-topup built; machine B remote-topup (another build) and remote-voucher, and no host at all. */
const machineA = () => checkout({ host: hostBuildOf('<title>host A</title>', 'main.aaaaaaaaaa.js', { stamp: 'host-a' }), 'remote-topup': topupBuild('topup-a') });
const machineB = () => checkout({ 'remote-topup': topupBuild('topup-b'), 'remote-voucher': voucherBuild('voucher-b') });

interface Instance {
  readonly app: FastifyInstance;
  readonly registry: RegistryService;
  /** What this instance does at its start, before it serves: its builds become first releases. */
  recordBuilds(followBuilds?: boolean): ReturnType<typeof recordBuildsAsReleases>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body: object): Promise<LightMyRequestResponse>;
}

/** A store instance on `db`, on a machine whose checkout is `root`. */
async function instanceOn(db: Db, root: string): Promise<Instance> {
  const hostDist = path.join(root, 'host', 'dist');
  const config = { ...loadConfig({ OPS_TOKEN: TOKEN, SANDBOX_GAME_PORT: '0' }), repoRoot: root, hostDist };
  const app = await buildApp({ config, db, remotes: distRemoteSource(root) });
  await app.ready();
  const registry = new RegistryService(db, new DbReleaseStore(db));
  return {
    app,
    registry,
    recordBuilds: (followBuilds = false) => recordBuildsAsReleases(db, registry, buildFolders(root, hostDist), { followBuilds }),
    get: (url, headers = {}) => app.inject({ method: 'GET', url, headers }),
    post: (url, body) => app.inject({ method: 'POST', url, payload: body, headers: auth }),
  };
}

describe.each(testDbTargets())('release files shared by the instances on one $name database', (target) => {
  let db: Db;
  let other: { db: Db; close(): Promise<void> };
  let a: Instance;
  let b: Instance;

  beforeEach(async () => {
    db = await target.open();
    other = await secondInstance(target, db);
    a = await instanceOn(db, machineA());
    b = await instanceOn(other.db, machineB());
  });
  afterEach(async () => {
    await a?.app.close();
    await b?.app.close();
    await other?.close();
    await db?.close();
  });

  /** The registry answer without its per-load health token, which differs on every answer by design. */
  const registryOf = async (instance: Instance) => {
    const { health, ...answer } = (await instance.get('/mf/registry.json')).json() as { health?: unknown } & Record<string, unknown>;
    expect(typeof health).toBe('string');
    return answer as { remotes: Record<'remote-topup' | 'remote-voucher' | 'remote-pccenter' | 'remote-ops', { version: string }> } & Record<string, unknown>;
  };
  /** A's start, then B's: A's builds are the first releases of the apps both have. */
  const startInTurn = async () => {
    await a.recordBuilds();
    await b.recordBuilds();
  };

  it('two instances starting together record each app\'s build once, and every instance answers one registry', async () => {
    // A twin of A (the same builds, as instances of one image have) starts at the same moment.
    const twin = await instanceOn(other.db, machineA());
    try {
      const together = (await Promise.all([a.recordBuilds(), twin.recordBuilds()])).flat();
      expect(together.map((build) => `${build.app} ${build.version}`).sort()).toEqual(['host host-a', 'remote-topup topup-a']);
      // B starts later with another build of remote-topup: that app has its release; remote-voucher gets its first.
      expect(await b.recordBuilds()).toEqual([{ app: 'remote-voucher', version: 'voucher-b', problems: [] }]);
      const { releases, history, live } = await a.registry.list();
      expect(releases.map((release) => `${release.app} ${release.released_by}`).sort()).toEqual([`host ${SYSTEM_ACTOR}`, `remote-topup ${SYSTEM_ACTOR}`, `remote-voucher ${SYSTEM_ACTOR}`]);
      expect(history.map((entry) => [entry.app, entry.from_version, entry.reason]).sort()).toEqual([
        ['host', null, 'first release from the build'],
        ['remote-topup', null, 'first release from the build'],
        ['remote-voucher', null, 'first release from the build'],
      ]);
      expect(live).toEqual({ host: 'host-a', 'remote-topup': 'topup-a', 'remote-voucher': 'voucher-b' });
      // Started again, they find every build recorded.
      expect([...(await a.recordBuilds()), ...(await twin.recordBuilds()), ...(await b.recordBuilds())]).toEqual([]);

      const answers = [await registryOf(a), await registryOf(twin), await registryOf(b)];
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0]!.remotes['remote-topup'].version).toBe('topup-a');
      // The live files are served by every instance, whichever machine's build they were.
      for (const instance of [a, twin, b]) {
        expect((await instance.get('/remotes/remote-voucher/voucher-b/mf-manifest.json')).statusCode).toBe(200);
        expect((await instance.get('/remotes/remote-topup/topup-a/remoteEntry.js')).statusCode).toBe(200);
      }
    } finally {
      await twin.app.close();
    }
  });

  it('a release made through one instance is served by the other, precompressed, and activations through either are seen by both', async () => {
    await startInTurn();
    const entry = '/* entry of v2 */'.repeat(40);
    const chunk = 'export const page = "v2";'.repeat(40);
    const v2 = buildOf(manifestFor(TOPUP_EXPOSES), {
      'remoteEntry.js': entry,
      'remoteEntry.js.br': brotliCompressSync(entry),
      'remoteEntry.js.gz': gzipSync(entry),
      'static/js/page.0123456789.js': chunk,
      'static/js/page.0123456789.js.br': brotliCompressSync(chunk),
    });
    expect((await a.post('/ops/releases', releaseBody('remote-topup', 'v2', v2))).statusCode).toBe(200);

    expect(await registryOf(b)).toEqual(await registryOf(a));
    expect((await registryOf(b)).remotes['remote-topup'].version).toBe('v2');

    const manifest = await b.get('/remotes/remote-topup/v2/mf-manifest.json');
    expect([manifest.statusCode, manifest.headers['content-type'], manifest.headers['cache-control']]).toEqual([200, 'application/json; charset=utf-8', 'no-store']);
    expect(manifest.json()).toEqual(manifestFor(TOPUP_EXPOSES));
    expect(manifest.headers['access-control-allow-origin']).toBe('*');

    const brotli = await b.get('/remotes/remote-topup/v2/static/js/page.0123456789.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect([brotli.statusCode, brotli.headers['content-encoding'], brotli.headers['content-type'], brotli.headers.vary]).toEqual([200, 'br', 'application/javascript; charset=utf-8', 'Accept-Encoding']);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload).toEqual(brotliCompressSync(chunk));
    // No .gz of the chunk: a browser that takes only gzip gets it as it is.
    const plain = await b.get('/remotes/remote-topup/v2/static/js/page.0123456789.js', { 'accept-encoding': 'gzip' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, chunk]);
    expect(plain.headers.etag).not.toBe(brotli.headers.etag);
    expect((await b.get('/remotes/remote-topup/v2/static/js/page.0123456789.js', { 'if-none-match': plain.headers.etag as string })).statusCode).toBe(304);

    const gzip = await b.get('/remotes/remote-topup/v2/remoteEntry.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect([gzip.headers['content-encoding'], gzip.headers['cache-control']]).toEqual(['gzip', 'no-store']);
    expect(gzip.rawPayload).toEqual(gzipSync(entry));
    expect((await b.get('/remotes/remote-topup/v2/remoteEntry.js')).body).toBe(entry);
    expect((await b.get('/remotes/remote-topup/v2/nothing.js')).statusCode).toBe(404);
    expect((await b.get('/remotes/remote-topup/v2/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);

    const rolled = await a.post('/ops/rollback', { app: 'remote-topup', reason: 'v2 broken' });
    expect(rolled.json()).toMatchObject({ from_version: 'v2', to_version: 'topup-a' });
    expect((await registryOf(b)).remotes['remote-topup'].version).toBe('topup-a');
    expect((await b.post('/ops/activate', { app: 'remote-topup', version: 'v2', reason: 'fixed elsewhere', reactivate: true })).statusCode).toBe(200);
    expect((await registryOf(a)).remotes['remote-topup'].version).toBe('v2');
    expect(await registryOf(a)).toEqual(await registryOf(b));
  });

  it('an instance with no host folder serves the live host release at /, with its page\'s inline code allowed by hash', async () => {
    await startInTurn();
    expect((await b.get('/')).body).toBe('<title>host A</title>');
    const page = '<!doctype html><html><head><script>window.__h2 = 1;</script></head><body><div id="root"></div></body></html>';
    expect((await a.post('/ops/releases', releaseBody('host', 'h2', hostBuildOf(page, 'main.bbbbbbbbbb.js')))).statusCode).toBe(200);
    const index = await b.get('/');
    expect([index.statusCode, index.body, index.headers['cache-control']]).toEqual([200, page, 'no-store']);
    expect(index.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    // The older host release's files stay served for pages opened before the change.
    const old = await b.get('/main.aaaaaaaaaa.js');
    expect([old.statusCode, old.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
  });

  it('an instance with no host folder refuses a remote whose shared exports the live host does not ship', async () => {
    const greedy = buildOf(manifestFor(TOPUP_EXPOSES, { router: [...ROUTER, 'useMatch'] }));
    const unknown = await b.post('/ops/releases', releaseBody('remote-topup', 'v2', greedy));
    expect([unknown.statusCode, unknown.json().error]).toEqual([422, expect.stringContaining("the live host's shared-library exports are unknown")]);
    await a.recordBuilds();
    const refused = await b.post('/ops/releases', releaseBody('remote-topup', 'v2', greedy));
    expect([refused.statusCode, refused.json().error]).toEqual([422, expect.stringContaining('uses react-router-dom exports the host does not ship: useMatch')]);
    expect((await b.get('/remotes/remote-topup/v2/mf-manifest.json')).statusCode).toBe(404);
  });

  it('each instance keeps the release files it served in memory: they never change', async () => {
    await startInTurn();
    expect((await b.get('/remotes/remote-topup/topup-a/remoteEntry.js')).statusCode).toBe(200);
    // Gone from the database (as if it were out of reach), still served from B's memory; a new instance has no copy.
    await db.query("DELETE FROM release_files WHERE app = 'remote-topup'");
    expect((await b.get('/remotes/remote-topup/topup-a/remoteEntry.js')).statusCode).toBe(200);
    const fresh = await instanceOn(other.db, machineB());
    try {
      expect((await fresh.get('/remotes/remote-topup/topup-a/remoteEntry.js')).statusCode).toBe(404);
    } finally {
      await fresh.app.close();
    }
  });

  it('in development a new build replaces a live release that came from a build, never one an operator released', async () => {
    const root = machineA();
    const dev = await instanceOn(db, root);
    try {
      await dev.recordBuilds(true);
      folderOf(topupBuild('topup-a2'), path.join(root, 'remote-topup', 'dist'));
      expect(await dev.recordBuilds(false)).toEqual([]);
      expect(await dev.recordBuilds(true)).toEqual([{ app: 'remote-topup', version: 'topup-a2', problems: [] }]);
      expect((await dev.registry.list()).live['remote-topup']).toBe('topup-a2');
      expect((await dev.registry.rollback('remote-topup', 'dev')).to_version).toBe('topup-a');

      await dev.registry.release({ app: 'remote-topup', version: 'v9', files: topupBuild('v9'), actor: 'ann' });
      folderOf(topupBuild('topup-a3'), path.join(root, 'remote-topup', 'dist'));
      expect(await dev.recordBuilds(true)).toEqual([]);
      expect((await dev.registry.list()).live['remote-topup']).toBe('v9');
    } finally {
      await dev.app.close();
    }
  });
});

describe('the memory of release files', () => {
  /** A store of ten 100-byte files in one release, counting what is read from it. */
  function countingStore() {
    const reads: string[] = [];
    const files = new Map(Array.from({ length: 10 }, (_, i) => [`f${i}.js`, { sha256: String(i).repeat(64), size: 100 }]));
    const store: ReleaseStore = {
      exists: async () => true,
      put: async () => undefined,
      readManifest: async () => null,
      async read(_app, _version, file) {
        reads.push(file);
        return files.has(file) ? { content: Buffer.alloc(100), sha256: files.get(file)!.sha256 } : null;
      },
      async index(_app, version) {
        reads.push(`index ${version}`);
        return version === 'v1' ? files : new Map();
      },
      versions: async () => ['v1'],
    };
    return { store, reads };
  }

  it('serves a file again without the store, forgets the least recently served past its bound, and never remembers a missing release', async () => {
    const { store, reads } = countingStore();
    const cache = new ReleaseFileCache(store, 800);
    for (let i = 0; i < 8; i += 1) await cache.read('remote-topup', 'v1', `f${i}.js`);
    await cache.read('remote-topup', 'v1', 'f0.js');
    expect(reads.filter((read) => read === 'f0.js')).toHaveLength(1);
    await cache.read('remote-topup', 'v1', 'f8.js');
    // f0 was served last but one: f1 is the one forgotten.
    await cache.read('remote-topup', 'v1', 'f0.js');
    await cache.read('remote-topup', 'v1', 'f1.js');
    expect([reads.filter((read) => read === 'f0.js').length, reads.filter((read) => read === 'f1.js').length]).toEqual([1, 2]);
    expect(reads.filter((read) => read === 'index v1')).toHaveLength(1);

    expect(await cache.read('remote-topup', 'v2', 'f0.js')).toBeNull();
    expect(await cache.read('remote-topup', 'v2', 'f0.js')).toBeNull();
    expect(reads.filter((read) => read === 'index v2')).toHaveLength(2);
    expect(await cache.read('remote-topup', 'v1', 'nothing.js')).toBeNull();
    expect(reads).not.toContain('nothing.js');
  });
});
