import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { addOperator } from '../src/ops/operator-admin';
import { RegistryService } from '../src/releases/registry-service';
import { DbReleaseStore } from '../src/releases/release-store';
import { buildOf, hostBuildOf, manifestFor, TOPUP_EXPOSES } from './support/release-builds';
import { Console, PASSWORD } from './support/ops-console-client';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };
const OPS_TOKEN = 'ops-token-for-release-automation';

/**
 * The release console after a rollback: every rolled-back version named with who took it off and why,
 * the version a rollback returns to, and a rolled-back version made live again only with a reason and
 * a second confirmation, audited as a re-activation.
 */
describe.each(testDbTargets())('the release console after rollbacks on $name', (target) => {
  let store: TestStore & { url: string };
  let db: Db;
  let registry: RegistryService;
  let manager: Console;

  beforeAll(async () => {
    const opened = await openTestStore(target, { opsToken: OPS_TOKEN, ops: { ...loadConfig({}).ops, signInsPerAddress: 10_000 } });
    await opened.app.listen({ host: '127.0.0.1', port: 0 });
    const address = opened.app.server.address();
    store = { ...opened, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
    db = store.db;
    registry = new RegistryService(db, new DbReleaseStore(db));
    await addOperator(db, SETUP, { email: 'release@ops.example', role: 'release_manager', password: PASSWORD });
    await registry.release({ app: 'host', version: 'h0', files: hostBuildOf('<title>h0</title>', 'main.0000000000.js'), actor: 'tester' });
    for (const version of ['v1', 'v2', 'v3']) {
      await registry.release({ app: 'remote-topup', version, files: buildOf(manifestFor(TOPUP_EXPOSES)), actor: 'tester', activate: version !== 'v3' });
    }
    manager = new Console(store.url);
    expect((await manager.signIn('release@ops.example')).status).toBe(200);
  });
  afterAll(() => store.close());

  const listing = async () => (await manager.send('GET', '/releases')).body;

  it('names the version a rollback returns to, marks what a rollback took off, and unmarks it once live again', async () => {
    expect((await listing()).rollback_to['remote-topup']).toBe('v1');
    expect((await listing()).rolled_back).toEqual([]);

    // A canary: a rollback returns to the live version, and the canary is the version it takes off.
    expect((await manager.send('POST', '/releases/promote', { app: 'remote-topup', version: 'v3', share: 5, reason: 'try v3' })).status).toBe(200);
    expect((await listing()).rollback_to['remote-topup']).toBe('v2');
    expect((await manager.send('POST', '/releases/rollback', { app: 'remote-topup', reason: 'v3 blank screens' })).status).toBe(200);
    let rolledBack = (await listing()).rolled_back;
    expect(rolledBack).toEqual([expect.objectContaining({ app: 'remote-topup', version: 'v3', kind: 'rollback', actor: 'release@ops.example', reason: 'v3 blank screens', to_version: 'v2' })]);

    // The store's own rollback of v2 (as the automatic rollback records it) back to v1.
    await registry.repo.setLive('remote-topup', 'v1', 'auto-rollback', { actor: 'store', reason: 'automatic rollback: 30 of 200 loads failed' });
    rolledBack = (await listing()).rolled_back;
    expect(rolledBack.map((r: { version: string; kind: string }) => `${r.version} ${r.kind}`).sort()).toEqual(['v2 auto-rollback', 'v3 rollback']);
    expect((await listing()).rollback_to['remote-topup']).toBeNull();

    // Made live again with a reason and the confirmation: no longer marked.
    const again = await manager.send('POST', '/releases/activate', { app: 'remote-topup', version: 'v2', reason: 'the failing game server was fixed', reactivate: true });
    expect(again.status).toBe(200);
    expect((await listing()).rolled_back.map((r: { version: string }) => r.version)).toEqual(['v3']);
  });

  it('refuses to make a rolled-back version live again without a reason or without the second confirmation, for everyone or as a canary', async () => {
    const before = (await listing()).live['remote-topup'];
    const blank = await manager.send('POST', '/releases/activate', { app: 'remote-topup', version: 'v3', reason: '   ' });
    expect(blank).toMatchObject({ status: 400, body: { code: 'reactivateReason' } });
    const unconfirmed = await manager.send('POST', '/releases/activate', { app: 'remote-topup', version: 'v3', reason: 'fixed' });
    expect(unconfirmed).toMatchObject({ status: 409, body: { code: 'reactivateConfirm' } });
    expect(unconfirmed.body.error).toMatch(/v3 was rolled back by release@ops\.example/);
    const canary = await manager.send('POST', '/releases/promote', { app: 'remote-topup', version: 'v3', share: 5, reason: 'fixed' });
    expect(canary).toMatchObject({ status: 409, body: { code: 'reactivateConfirm' } });
    const falseConfirm = await manager.send('POST', '/releases/promote', { app: 'remote-topup', version: 'v3', share: 5, reason: 'fixed', reactivate: false });
    expect(falseConfirm.status).toBe(409);
    expect((await listing()).live['remote-topup']).toBe(before);
    expect((await listing()).canaries['remote-topup']).toBeUndefined();

    const confirmed = await manager.send('POST', '/releases/promote', { app: 'remote-topup', version: 'v3', share: 5, reason: 'the blank screen came from a bad CDN rule', reactivate: true });
    expect(confirmed.status).toBe(200);
    const audit = await db.query<{ action: string; reason: string; actor: string }>(`SELECT action, reason, actor FROM audit_log WHERE action = 'release.reactivate' ORDER BY id`);
    expect(audit).toEqual([
      { action: 'release.reactivate', reason: 'the failing game server was fixed', actor: 'release@ops.example' },
      { action: 'release.reactivate', reason: 'the blank screen came from a bad CDN rule', actor: 'release@ops.example' },
    ]);
  });

  it('asks nothing more of a version never rolled back, and refuses a malformed flag without a 5xx', async () => {
    await registry.release({ app: 'remote-topup', version: 'v4', files: buildOf(manifestFor(TOPUP_EXPOSES)), actor: 'tester', activate: false });
    expect((await manager.send('POST', '/releases/activate', { app: 'remote-topup', version: 'v4', reason: 'ship v4' })).status).toBe(200);
    expect((await manager.send('POST', '/releases/activate', { app: 'remote-topup', version: 'v3', reason: 'x', reactivate: 'yes please' })).status).toBe(400);
    expect((await manager.send('POST', '/releases/activate', { app: 'remote-mars', version: 'v3', reason: 'x', reactivate: true })).status).toBe(400);
  });

  /** `/ops/*` with the ops token, as `npm run remotes` and CI call it. */
  const automation = async (route: string, body: object) => {
    const response = await fetch(`${store.url}/ops/${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { error?: string; code?: string; to_version?: string } };
  };

  it('asks automation with the ops token for the same reason and confirmation before a rolled-back version goes live again', async () => {
    await registry.release({ app: 'remote-topup', version: 'v5', files: buildOf(manifestFor(TOPUP_EXPOSES)), actor: 'tester' });
    expect((await automation('rollback', { app: 'remote-topup', reason: 'v5 fails at checkout', actor: 'ci' })).status).toBe(200);
    const before = (await listing()).live['remote-topup'];
    expect(before).not.toBe('v5');

    const noReason = await automation('activate', { app: 'remote-topup', version: 'v5', actor: 'ci', reactivate: true });
    expect(noReason).toMatchObject({ status: 400, body: { code: 'reactivateReason' } });
    expect(noReason.body.error).toMatch(/v5 was rolled back by ci \(ops token\).*reason/);
    const blank = await automation('activate', { app: 'remote-topup', version: 'v5', reason: '  ', actor: 'ci', reactivate: true });
    expect(blank).toMatchObject({ status: 400, body: { code: 'reactivateReason' } });
    const unconfirmed = await automation('activate', { app: 'remote-topup', version: 'v5', reason: 'checkout fixed', actor: 'ci' });
    expect(unconfirmed).toMatchObject({ status: 409, body: { code: 'reactivateConfirm' } });
    const canary = await automation('promote', { app: 'remote-topup', version: 'v5', share: 10, reason: 'checkout fixed', actor: 'ci', reactivate: false });
    expect(canary).toMatchObject({ status: 409, body: { code: 'reactivateConfirm' } });
    expect((await automation('activate', { app: 'remote-topup', version: 'v5', reason: 'x', reactivate: 'yes' })).status).toBe(400);
    expect((await listing()).live['remote-topup']).toBe(before);
    expect((await listing()).canaries['remote-topup']).toBeUndefined();

    const confirmed = await automation('activate', { app: 'remote-topup', version: 'v5', reason: 'checkout fixed in the game API', actor: 'ci', reactivate: true });
    expect(confirmed).toMatchObject({ status: 200, body: { to_version: 'v5' } });
    const [audited] = await db.query<{ action: string; actor: string; reason: string }>(
      `SELECT action, actor, reason FROM audit_log WHERE action IN ('release.activate', 'release.reactivate') ORDER BY id DESC LIMIT 1`,
    );
    expect(audited).toEqual({ action: 'release.reactivate', actor: 'service:ci', reason: 'checkout fixed in the game API' });
  });

  it('asks the same of a direct caller of the registry (the command line on PostgreSQL)', async () => {
    await registry.release({ app: 'remote-topup', version: 'v6', files: buildOf(manifestFor(TOPUP_EXPOSES)), actor: 'tester' });
    await registry.rollback('remote-topup', 'someone@laptop', 'v6 is slow');
    await expect(registry.activate('remote-topup', 'v6', 'someone@laptop', 'fixed')).rejects.toMatchObject({ code: 'reactivateConfirm' });
    await expect(registry.activate('remote-topup', 'v6', 'someone@laptop', '', false, undefined, { confirmed: true })).rejects.toMatchObject({ code: 'reactivateReason' });
    expect((await registry.activate('remote-topup', 'v6', 'someone@laptop', 'fixed', false, undefined, { confirmed: true })).to_version).toBe('v6');
  });
});
