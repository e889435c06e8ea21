import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { addOperator } from '../src/ops/operator-admin';
import { totpCode } from '../src/ops/two-factor';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { Console, PASSWORD } from './support/ops-console-client';

jest.setTimeout(180_000);

const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };

/** An admin clears the second factor of an operator who lost their phone (docs/back-office.md, "Operators"). */
describe.each(testDbTargets())('clearing another operator\'s second factor on $name', (target) => {
  let store: TestStore;
  let db: Db;
  let url = '';
  let now = new Date('2026-11-28T10:00:00Z');

  beforeAll(async () => {
    store = await openTestStore(target, { ops: { ...loadConfig({}).ops, signInsPerAddress: 1000, require2fa: true } }, { clock: () => now });
    db = store.db;
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    const address = store.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => store?.close());

  /** A signed-in browser of an operator with a second factor set up (its secret). */
  const enrolled = async (email: string, role: 'admin' | 'viewer' | 'release_manager' | 'support') => {
    await addOperator(db, SETUP, { email, role, password: PASSWORD });
    const tab = new Console(url);
    expect((await tab.signIn(email)).status).toBe(200);
    const started = await tab.send('POST', '/account/two-factor/start');
    expect((await tab.send('POST', '/account/two-factor/confirm', { code: totpCode(started.body.secret, email, now) })).status).toBe(200);
    now = new Date(now.getTime() + 30_000);
    return { tab, secret: started.body.secret as string, id: (await db.query<{ id: number }>('SELECT id FROM operators WHERE email = $1', [email]))[0]!.id };
  };
  const clear = (tab: Console, id: number, body: object) => tab.send('POST', `/operators/${id}/two-factor/clear`, body);

  it('clears it with a reason and a confirmation, ends the operator\'s sessions, audits it, and asks them to set up a new one', async () => {
    const admin = await enrolled('admin.one@ops.example', 'admin');
    const lost = await enrolled('lost.phone@ops.example', 'release_manager');
    expect((await lost.tab.send('GET', '/releases')).status).toBe(200);

    const listed = await admin.tab.send('GET', '/operators');
    expect(listed.body.operators.find((o: { email: string }) => o.email === 'lost.phone@ops.example').two_factor).toBe(true);

    expect(await clear(admin.tab, lost.id, { reason: 'lost phone' })).toMatchObject({ status: 409, body: { code: 'confirmRequired' } });
    expect((await clear(admin.tab, lost.id, { reason: '', confirm: true })).status).toBe(400);
    expect((await clear(admin.tab, lost.id, { reason: '   ', confirm: true })).status).toBe(400);
    const done = await clear(admin.tab, lost.id, { reason: 'lost phone, checked by video call', confirm: true });
    expect(done).toMatchObject({ status: 200, body: { operator: { email: 'lost.phone@ops.example', two_factor: false } } });

    // Their browser is signed out; their secret and recovery codes are gone.
    expect((await lost.tab.send('GET', '/releases')).status).toBe(401);
    const [row] = await db.query<{ totp_secret: string | null; codes: number }>(
      'SELECT totp_secret, (SELECT count(*)::int FROM operator_recovery_codes WHERE operator_id = $1) AS codes FROM operators WHERE id = $1',
      [lost.id],
    );
    expect(row).toEqual({ totp_secret: null, codes: 0 });
    const [audit] = await db.query<{ actor: string; target_id: string; reason: string; after: { sessions_ended: number } }>(
      `SELECT actor, target_id, reason, after FROM audit_log WHERE action = 'operator.two_factor_cleared'`,
    );
    expect(audit).toMatchObject({ actor: 'admin.one@ops.example', target_id: 'lost.phone@ops.example', reason: 'lost phone, checked by video call', after: { sessions_ended: 1 } });

    // Signing in again: no code asked, and (a release manager, with OPS_REQUIRE_2FA) only the set-up answers.
    const again = new Console(url);
    expect((await again.signIn('lost.phone@ops.example')).body.stage).toBe('enrol');
    expect((await clear(admin.tab, lost.id, { reason: 'twice', confirm: true })).body.code).toBe('twoFactorOff');
    expect((await clear(admin.tab, 999_999, { reason: 'nobody', confirm: true })).status).toBe(404);
    expect((await clear(admin.tab, lost.id, { reason: 'x', confirm: 'yes' })).status).toBe(400);
  });

  it('refuses it on oneself through this path, and to every other role', async () => {
    const admin = await enrolled('admin.two@ops.example', 'admin');
    const self = await clear(admin.tab, admin.id, { reason: 'my own', confirm: true });
    expect(self).toMatchObject({ status: 403, body: { code: 'notOnYourself' } });

    const target = await enrolled('target@ops.example', 'viewer');
    for (const role of ['support', 'viewer', 'release_manager'] as const) {
      const email = `not.admin.${role}@ops.example`;
      await addOperator(db, SETUP, { email, role, password: PASSWORD });
      const tab = new Console(url);
      const signedIn = await tab.signIn(email);
      expect(signedIn.status).toBe(200);
      if (signedIn.body.stage === 'enrol') {
        const started = await tab.send('POST', '/account/two-factor/start');
        expect((await tab.send('POST', '/account/two-factor/confirm', { code: totpCode(started.body.secret, email, now) })).status).toBe(200);
      }
      const refused = await clear(tab, target.id, { reason: 'not mine to clear', confirm: true });
      expect([role, refused.status]).toEqual([role, 403]);
    }
    const [row] = await db.query<{ on: boolean }>('SELECT totp_secret IS NOT NULL AS on FROM operators WHERE id = $1', [target.id]);
    expect(row?.on).toBe(true);
    expect((await target.tab.send('GET', '/orders')).status).toBe(200);
    const audited = await db.query(`SELECT 1 FROM audit_log WHERE action = 'operator.two_factor_cleared' AND target_id IN ('admin.two@ops.example', 'target@ops.example')`);
    expect(audited).toHaveLength(0);
  });
});
