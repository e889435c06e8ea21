import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { addOperator } from '../src/ops/operator-admin';
import { totpCode } from '../src/ops/two-factor';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { Console, PASSWORD } from './support/ops-console-client';

jest.setTimeout(180_000);

const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };
const NEW_PASSWORD = 'a brand new passphrase';
/** Attempts per address per 15 minutes of each limited route (sign-in, second factor, reset request and link). */
const LIMIT = 6;

describe.each(testDbTargets())('operator accounts on $name', (target) => {
  let store: TestStore;
  let db: Db;
  let url = '';
  let now = new Date('2026-11-28T10:00:00Z');
  let addressCount = 0;

  beforeAll(async () => {
    store = await openTestStore(
      target,
      { trustProxy: 1, ops: { ...loadConfig({}).ops, signInsPerAddress: LIMIT, require2fa: true }, mail: { ...loadConfig({}).mail, publicUrl: 'https://store.example' } },
      { clock: () => now },
    );
    db = store.db;
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    const address = store.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => store?.close());

  /** A back-office browser at a client address of its own. */
  const browser = (address = `198.51.100.${(addressCount += 1)}`) => {
    const console = new Console(url);
    const from = { 'x-forwarded-for': address };
    const send = (method: string, path: string, body?: unknown) => console.send(method, path, body, from);
    return {
      send,
      signIn: async (email: string, password = PASSWORD) => {
        await send('GET', '/session');
        return send('POST', '/session', { email, password });
      },
    };
  };

  /** An operator with a second factor set up: its secret and recovery codes. */
  const enrolled = async (email: string, role: 'admin' | 'viewer' | 'release_manager') => {
    await addOperator(db, SETUP, { email, role, password: PASSWORD });
    const me = browser();
    const first = await me.signIn(email);
    expect(first.status).toBe(200);
    const started = await me.send('POST', '/account/two-factor/start');
    expect(started.status).toBe(200);
    const secret: string = started.body.secret;
    expect(started.body.uri).toContain(`secret=${secret}`);
    expect(started.body.qr.length).toBeGreaterThan(20);
    const confirmed = await me.send('POST', '/account/two-factor/confirm', { code: totpCode(secret, email, now) });
    expect(confirmed.status).toBe(200);
    now = new Date(now.getTime() + 30_000); // the enrolment's code is spent
    return { secret, recoveryCodes: confirmed.body.recovery_codes as string[], me };
  };

  const auditActions = async (email: string) =>
    (await db.query<{ action: string }>('SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id', [email])).map((row) => row.action);

  it('changes one\'s own password only with the current one, and signs out the other browsers', async () => {
    await addOperator(db, SETUP, { email: 'changer@ops.example', role: 'viewer', password: PASSWORD });
    const here = browser();
    const elsewhere = browser();
    expect((await here.signIn('changer@ops.example')).status).toBe(200);
    expect((await elsewhere.signIn('changer@ops.example')).status).toBe(200);
    const wrong = await here.send('POST', '/account/password', { current: 'not my password at all', password: NEW_PASSWORD });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'wrongCurrentPassword']);
    const weak = await here.send('POST', '/account/password', { current: PASSWORD, password: 'short' });
    expect([weak.status, weak.body.code]).toEqual([400, 'weakPassword']);
    const changed = await here.send('POST', '/account/password', { current: PASSWORD, password: NEW_PASSWORD });
    expect([changed.status, changed.body.other_sessions_ended]).toEqual([200, 1]);
    expect((await here.send('GET', '/account')).status).toBe(200);
    expect((await elsewhere.send('GET', '/account')).status).toBe(401);
    expect((await browser().signIn('changer@ops.example')).status).toBe(401);
    expect((await browser().signIn('changer@ops.example', NEW_PASSWORD)).status).toBe(200);
    expect(await auditActions('changer@ops.example')).toEqual(expect.arrayContaining(['account.password_change_refused', 'account.password_changed']));
  });

  it('mails a reset link that works once, for 30 minutes, and ends every session; an unknown address gets the same answer', async () => {
    await addOperator(db, SETUP, { email: 'forgetful@ops.example', role: 'support', password: PASSWORD });
    const signedIn = browser();
    expect((await signedIn.signIn('forgetful@ops.example')).status).toBe(200);
    const stranger = browser();
    await stranger.send('GET', '/session');
    const known = await stranger.send('POST', '/password-reset', { email: 'Forgetful@ops.example' });
    const unknown = await stranger.send('POST', '/password-reset', { email: 'nobody.at.all@ops.example' });
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
    expect(known.status).toBe(202);
    const mails = await db.query<{ body_text: string; recipient: string }>(`SELECT body_text, recipient FROM mail_outbox WHERE mail_key LIKE 'ops-reset:%' AND recipient = $1`, ['forgetful@ops.example']);
    expect(mails).toHaveLength(1);
    expect(await db.query(`SELECT 1 FROM mail_outbox WHERE recipient = 'nobody.at.all@ops.example'`)).toHaveLength(0);
    const token = /https:\/\/store\.example\/#\/ops\/reset\?token=([\w-]+)/.exec(mails[0]?.body_text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(30);

    const used = await stranger.send('POST', '/password-reset/complete', { token, password: NEW_PASSWORD });
    expect(used.status).toBe(200);
    expect((await signedIn.send('GET', '/account')).status).toBe(401);
    const again = await stranger.send('POST', '/password-reset/complete', { token, password: 'yet another passphrase' });
    expect([again.status, again.body.code]).toEqual([400, 'resetLinkInvalid']);
    expect((await browser().signIn('forgetful@ops.example', NEW_PASSWORD)).status).toBe(200);

    // A second link, used 31 minutes later: refused, the password stays.
    await browser().send('GET', '/session').then(() => undefined);
    const asker = browser();
    await asker.send('GET', '/session');
    await asker.send('POST', '/password-reset', { email: 'forgetful@ops.example' });
    const [late] = await db.query<{ body_text: string }>(`SELECT body_text FROM mail_outbox WHERE recipient = 'forgetful@ops.example' ORDER BY created_at DESC, mail_key LIMIT 1 OFFSET 0`);
    const lateTokens = (await db.query<{ body_text: string }>(`SELECT body_text FROM mail_outbox WHERE recipient = 'forgetful@ops.example'`))
      .map((row) => /token=([\w-]+)/.exec(row.body_text)?.[1])
      .filter((t) => t && t !== token);
    expect(late).toBeDefined();
    expect(lateTokens).toHaveLength(1);
    now = new Date(now.getTime() + 31 * 60_000);
    const expired = await asker.send('POST', '/password-reset/complete', { token: lateTokens[0], password: 'too late a passphrase' });
    expect([expired.status, expired.body.code]).toEqual([400, 'resetLinkInvalid']);
    expect((await browser().signIn('forgetful@ops.example', NEW_PASSWORD)).status).toBe(200);
    expect(await auditActions('forgetful@ops.example')).toEqual(expect.arrayContaining(['account.reset_asked', 'account.reset_used']));
  });

  it('limits reset requests per address like sign-ins', async () => {
    const flooder = browser();
    await flooder.send('GET', '/session');
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) statuses.push((await flooder.send('POST', '/password-reset', { email: `guess${i}@ops.example` })).status);
    expect(statuses).toEqual([...Array.from({ length: LIMIT }, () => 202), 429]);
    const links = browser();
    await links.send('GET', '/session');
    const guesses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) guesses.push((await links.send('POST', '/password-reset/complete', { token: `guessed-token-${i}`, password: NEW_PASSWORD })).status);
    expect(guesses).toEqual([...Array.from({ length: LIMIT }, () => 400), 429]);
  });

  it('asks a TOTP code after the password: a right one signs in, a wrong or replayed one does not', async () => {
    const { secret } = await enrolled('totp.user@ops.example', 'viewer');
    const tab = browser();
    const first = await tab.signIn('totp.user@ops.example');
    expect([first.status, first.body.stage, first.body.operator]).toEqual([200, 'secondFactor', null]);
    // Nothing but the second step answers until then.
    expect((await tab.send('GET', '/orders')).status).toBe(401);
    const wrong = await tab.send('POST', '/session/second-factor', { code: totpCode(secret, 'totp.user@ops.example', new Date(now.getTime() + 10 * 60_000)) });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'wrongCode']);
    const code = totpCode(secret, 'totp.user@ops.example', now);
    const right = await tab.send('POST', '/session/second-factor', { code });
    expect([right.status, right.body.operator.name]).toEqual([200, 'totp.user@ops.example']);
    expect((await tab.send('GET', '/orders')).status).toBe(200);
    // The same code again, from another browser within its 30 seconds: refused.
    const thief = browser();
    expect((await thief.signIn('totp.user@ops.example')).body.stage).toBe('secondFactor');
    const replayed = await thief.send('POST', '/session/second-factor', { code });
    expect([replayed.status, replayed.body.code]).toEqual([400, 'wrongCode']);
    expect((await thief.send('GET', '/orders')).status).toBe(401);
  });

  it('takes each recovery code once in place of a TOTP code', async () => {
    const { recoveryCodes } = await enrolled('recovering@ops.example', 'viewer');
    expect(recoveryCodes).toHaveLength(10);
    const [code] = recoveryCodes;
    const one = browser();
    await one.signIn('recovering@ops.example');
    const used = await one.send('POST', '/session/second-factor', { recovery_code: code?.toUpperCase() });
    expect(used.status).toBe(200);
    expect((await one.send('GET', '/account')).body.two_factor.recovery_codes_left).toBe(9);
    const two = browser();
    await two.signIn('recovering@ops.example');
    const again = await two.send('POST', '/session/second-factor', { recovery_code: code });
    expect([again.status, again.body.code]).toEqual([400, 'wrongCode']);
    expect(await auditActions('recovering@ops.example')).toEqual(expect.arrayContaining(['account.two_factor_enrolled', 'account.recovery_code_used', 'session.second_factor_refused']));
  });

  it('locks the second step after five wrong codes, as sign-in does, and ends only that session', async () => {
    const { secret, me } = await enrolled('guessed@ops.example', 'viewer');
    const guesser = browser();
    await guesser.signIn('guessed@ops.example');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await guesser.send('POST', '/session/second-factor', { code: String(100000 + i) })).status);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses[4]).toBe(429);
    // The session that owed the code is ended: even the right code does not open it.
    const right = await guesser.send('POST', '/session/second-factor', { code: totpCode(secret, 'guessed@ops.example', now) });
    expect(right.status).toBe(401);
    // Only the guesser's session ends: the operator's own, elsewhere, goes on.
    expect((await me.send('GET', '/account')).status).toBe(200);
  });

  it('with OPS_REQUIRE_2FA, an admin without a second factor can only set it up; a viewer is not asked', async () => {
    await addOperator(db, SETUP, { email: 'new.admin@ops.example', role: 'admin', password: PASSWORD });
    await addOperator(db, SETUP, { email: 'plain.viewer@ops.example', role: 'viewer', password: PASSWORD });
    const admin = browser();
    const signedIn = await admin.signIn('new.admin@ops.example');
    expect([signedIn.status, signedIn.body.stage, signedIn.body.permissions]).toEqual([200, 'enrol', []]);
    const refused = await admin.send('GET', '/operators');
    expect([refused.status, refused.body.code]).toEqual([403, 'enrolTwoFactor']);
    const started = await admin.send('POST', '/account/two-factor/start');
    expect(started.status).toBe(200);
    expect((await admin.send('POST', '/account/two-factor/confirm', { code: totpCode(started.body.secret, 'new.admin@ops.example', now) })).status).toBe(200);
    expect((await admin.send('GET', '/operators')).status).toBe(200);
    // It cannot be removed while the role needs it.
    const removal = await admin.send('POST', '/account/two-factor/remove', { password: PASSWORD });
    expect([removal.status, removal.body.code]).toEqual([409, 'twoFactorRequired']);

    const viewer = browser();
    const plain = await viewer.signIn('plain.viewer@ops.example');
    expect([plain.body.stage, plain.body.permissions]).toEqual(['full', ['read', 'releases.read']]);
    expect((await viewer.send('GET', '/orders')).status).toBe(200);
  });

  it('shows operators\' network addresses in the audit API to admins only', async () => {
    await addOperator(db, SETUP, { email: 'audit.viewer@ops.example', role: 'viewer', password: PASSWORD });
    const { me: admin } = await enrolled('audit.admin@ops.example', 'admin');
    const viewer = browser('203.0.113.50');
    expect((await viewer.signIn('audit.viewer@ops.example')).status).toBe(200);
    const seen = await viewer.send('GET', '/audit?limit=200');
    expect(seen.status).toBe(200);
    expect(seen.body.rows.length).toBeGreaterThan(3);
    expect(seen.body.rows.filter((row: { address: string }) => row.address !== '')).toEqual([]);
    const all = await admin.send('GET', '/audit?limit=200');
    expect(all.body.rows.map((row: { address: string }) => row.address)).toContain('203.0.113.50');
    // The same on an order's page, whose timeline carries the order's audit rows.
    const orders = await viewer.send('GET', '/orders');
    const orderId: string = orders.body.rows?.[0]?.order_id ?? orders.body.orders?.[0]?.order_id;
    expect(orderId).toBeTruthy();
    await db.query(
      `INSERT INTO audit_log (actor, operator_id, action, target_type, target_id, reason, address) VALUES ('audit.admin@ops.example', NULL, 'order.resend_mail', 'order', $1, 'test', '203.0.113.99')`,
      [orderId],
    );
    const dossierForViewer = await viewer.send('GET', `/orders/${orderId}`);
    expect(dossierForViewer.body.audit.length).toBeGreaterThan(0);
    expect(dossierForViewer.body.audit.map((row: { address: string }) => row.address)).not.toContain('203.0.113.99');
    const dossierForAdmin = await admin.send('GET', `/orders/${orderId}`);
    expect(dossierForAdmin.body.audit.map((row: { address: string }) => row.address)).toContain('203.0.113.99');
  });

  it('lists one\'s own sessions with device and last use, and ends the one revoked', async () => {
    await addOperator(db, SETUP, { email: 'two.browsers@ops.example', role: 'support', password: PASSWORD });
    await addOperator(db, SETUP, { email: 'someone.else@ops.example', role: 'support', password: PASSWORD });
    const laptop = browser('192.0.2.10');
    const phone = browser('192.0.2.11');
    const other = browser('192.0.2.12');
    await laptop.signIn('two.browsers@ops.example');
    await phone.signIn('two.browsers@ops.example');
    await other.signIn('someone.else@ops.example');
    const listed = await laptop.send('GET', '/account/sessions');
    expect(listed.body.sessions.map((s: { address: string; current: boolean }) => [s.address, s.current]).sort()).toEqual([['192.0.2.10', true], ['192.0.2.11', false]]);
    expect(listed.body.sessions[0].user_agent).not.toBe(undefined);
    expect(listed.body.sessions[0].last_seen_at).toMatch(/^\d{4}-/);
    const phoneSession = listed.body.sessions.find((s: { current: boolean }) => !s.current);
    const othersSessions = await other.send('GET', '/account/sessions');
    // Somebody else's session cannot be ended from here.
    const foreign = await laptop.send('DELETE', `/account/sessions/${othersSessions.body.sessions[0].id}`);
    expect(foreign.status).toBe(404);
    expect((await other.send('GET', '/account')).status).toBe(200);
    expect((await laptop.send('DELETE', `/account/sessions/${phoneSession.id}`)).status).toBe(200);
    expect((await phone.send('GET', '/account')).status).toBe(401);
    expect((await laptop.send('GET', '/account')).status).toBe(200);
    expect(await auditActions('two.browsers@ops.example')).toContain('account.session_revoked');
  });
});

describe('OPS_REQUIRE_2FA', () => {
  it('is on in production unless set off, and off in development unless set on', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).ops.require2fa).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', OPS_REQUIRE_2FA: 'off' }).ops.require2fa).toBe(false);
    expect(loadConfig({}).ops.require2fa).toBe(false);
    expect(loadConfig({ OPS_REQUIRE_2FA: 'on' }).ops.require2fa).toBe(true);
  });
});
