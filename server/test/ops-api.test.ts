import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { addOperator } from '../src/ops/operator-admin';
import { OPERATOR_ROLES, type OperatorRole, type Permission } from '../src/ops/roles';
import { reconcileOrders } from '../src/orders/reconciliation';
import { createTicket } from '../src/support/support-tickets';
import { call, openTestStore } from './support/test-app';
import { checkout, countRows, FAST_ORDERS, mustCreateOrder, waitForStatus, type OrderStore } from './support/order-helpers';
import { testDbTargets } from './support/test-db';
import { Console, PASSWORD } from './support/ops-console-client';

jest.setTimeout(120_000);

const OPS_TOKEN = 'ops-token-for-tests-0123456789';
const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };

describe.each(testDbTargets())('the back office API on $name', (target) => {
  let store: OrderStore;
  let db: Db;
  const emails = Object.fromEntries(OPERATOR_ROLES.map((role) => [role, `${role}@ops.example`])) as Record<OperatorRole, string>;

  beforeAll(async () => {
    const opened = await openTestStore(target, { opsToken: OPS_TOKEN, ops: { ...loadConfig({}).ops, signInsPerAddress: 10_000 } }, { orders: FAST_ORDERS });
    await opened.app.listen({ host: '127.0.0.1', port: 0 });
    const address = opened.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    store = { ...opened, url: `http://127.0.0.1:${port}`, settings: FAST_ORDERS };
    db = store.db;
    for (const role of OPERATOR_ROLES) await addOperator(db, SETUP, { email: emails[role], role, password: PASSWORD });
  });
  afterAll(() => store.close());

  const signedIn = async (role: OperatorRole) => {
    const console = new Console(store.url);
    const answer = await console.signIn(emails[role]);
    expect(answer.status).toBe(200);
    return console;
  };

  it('signs in with an HttpOnly, SameSite=Strict cookie for /ops/api only, and tells the console what the role may do', async () => {
    const console = new Console(store.url);
    const answer = await console.signIn(emails.support.toUpperCase());
    expect(answer.body).toMatchObject({ operator: { name: emails.support, role: 'support' }, permissions: ['read', 'orders.act', 'tickets.act'] });
    const session = console.setCookieLines.find((line) => line.startsWith('topup_ops_session='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Strict/i);
    expect(session).toMatch(/Path=\/ops\/api/);
    expect(session).not.toMatch(/Secure/);
    expect((await console.send('GET', '/session')).body.operator).toEqual({ name: emails.support, role: 'support' });
    expect(await countRows(db, `audit_log WHERE action = 'session.sign_in' AND actor = $1`, [emails.support])).toBeGreaterThan(0);
  });

  it('answers a wrong password, an unknown address and a disabled account in the same words', async () => {
    const wrong = await new Console(store.url).signIn(emails.viewer, 'not the password at all');
    const unknown = await new Console(store.url).signIn('nobody@ops.example');
    expect(wrong).toMatchObject({ status: 401, body: { code: 'wrongCredentials' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('locks an address after five refused sign-ins, known or not, even for the right password', async () => {
    await addOperator(db, SETUP, { email: 'locked@ops.example', role: 'viewer', password: PASSWORD });
    for (const email of ['locked@ops.example', 'ghost@ops.example']) {
      for (let i = 0; i < 4; i += 1) expect((await new Console(store.url).signIn(email, 'wrong password here')).status).toBe(401);
      const fifth = await new Console(store.url).signIn(email, 'wrong password here');
      expect(fifth).toMatchObject({ status: 429, body: { code: 'locked' } });
      expect(fifth.body.error).toMatch(/try again in 1 min/);
    }
    expect((await new Console(store.url).signIn('locked@ops.example', PASSWORD)).status).toBe(429);
    await db.query(`UPDATE operator_sign_in_failures SET locked_until = now() - interval '1 second'`);
    expect((await new Console(store.url).signIn('locked@ops.example', PASSWORD)).status).toBe(200);
  });

  it('refuses a state-changing request without the CSRF token and changes nothing', async () => {
    const admin = await signedIn('admin');
    const before = await countRows(db, 'operators');
    const forged = await admin.send('POST', '/operators', { email: 'forged@ops.example', role: 'admin', password: PASSWORD }, { 'x-csrf-token': '' });
    expect(forged).toMatchObject({ status: 403, body: { code: 'csrf' } });
    const guessed = await admin.send('POST', '/operators', { email: 'forged@ops.example', role: 'admin', password: PASSWORD }, { 'x-csrf-token': 'guessed-token' });
    expect(guessed.status).toBe(403);
    expect(await countRows(db, 'operators')).toBe(before);
  });

  const ROUTES: ReadonlyArray<readonly [string, string, unknown, Permission]> = [
    ['GET', '/orders', undefined, 'read'],
    ['GET', '/orders.csv', undefined, 'read'],
    ['GET', '/orders/NO-SUCH-ORDER', undefined, 'read'],
    ['GET', '/attention', undefined, 'read'],
    ['GET', '/tickets', undefined, 'read'],
    ['GET', '/tickets/T-NONE-NONE', undefined, 'read'],
    ['GET', '/desk/agents', undefined, 'read'],
    ['GET', '/player?q=nobody@example.com', undefined, 'read'],
    ['POST', '/orders/NO-SUCH-ORDER/notes', { body: 'role check', request_key: 'role-check-0006' }, 'orders.act'],
    ['POST', '/tickets/T-NONE-NONE/notes', { body: 'role check', request_key: 'role-check-0007' }, 'tickets.act'],
    ['POST', '/tickets/T-NONE-NONE/assign', { operator_id: null, request_key: 'role-check-0008' }, 'tickets.act'],
    ['POST', '/tickets/T-NONE-NONE/link', { order_id: null, request_key: 'role-check-0009' }, 'tickets.act'],
    ['GET', '/releases', undefined, 'releases.read'],
    ['GET', '/audit', undefined, 'read'],
    ['GET', '/catalogue', undefined, 'read'],
    ['GET', '/catalogue/file', undefined, 'read'],
    ['POST', '/catalogue/check', { format: 1 }, 'catalogue.edit'],
    ['POST', '/catalogue/import', { file: { format: 1 }, reason: 'test', request_key: 'role-check-0003' }, 'catalogue.edit'],
    ['POST', '/catalogue/revert', { revision: 999, reason: 'test', request_key: 'role-check-0004' }, 'catalogue.edit'],
    ['GET', '/catalogue/draft', undefined, 'read'],
    ['POST', '/catalogue/draft/rows', { list: 'games', row: {} }, 'catalogue.edit'],
    ['POST', '/catalogue/draft/drop', { list: 'games', key: '1' }, 'catalogue.edit'],
    ['POST', '/catalogue/draft/discard', { reason: 'test' }, 'catalogue.edit'],
    ['POST', '/catalogue/draft/publish', { reason: 'test', request_key: 'role-check-0005' }, 'catalogue.edit'],
    ['GET', '/catalogue/game-servers', undefined, 'read'],
    ['GET', '/catalogue/discount-usage', undefined, 'read'],
    ['POST', '/catalogue/game-servers', { game_id: 99999, url: '', reason: 'test' }, 'game_servers.manage'],
    ['POST', '/orders/NO-SUCH-ORDER/actions', { action: 'mark_disputed', reason: 'test', request_key: 'role-check-0001' }, 'orders.act'],
    ['POST', '/player/links/AAAAAAAAAAAAAAAAAAAAAA/end', { reason: 'test', request_key: 'role-check-0006' }, 'orders.act'],
    ['POST', '/player/points', { game_id: 18, server_id: '1801', role_id: '1801001', points: 0, reason: 'test', request_key: 'role-check-0007' }, 'orders.act'],
    ['POST', '/player/gifts/resend', { game_id: 18, server_id: '1801', role_id: '1801001', day: '2001-01-01', reason: 'test', request_key: 'role-check-0008' }, 'orders.act'],
    ['POST', '/tickets/T-NONE-NONE', { status: 'closed', request_key: 'role-check-0002' }, 'tickets.act'],
    ['POST', '/releases/rollback', { app: 'remote-topup', reason: 'test' }, 'releases.act'],
    ['POST', '/releases/activate', { app: 'remote-topup', version: 'v0', reason: 'test' }, 'releases.act'],
    ['GET', '/operators', undefined, 'operators.manage'],
    ['POST', '/operators', { email: 'x@ops.example', role: 'viewer', password: PASSWORD }, 'operators.manage'],
    ['PATCH', '/operators/1', { role: 'viewer', reason: 'test' }, 'operators.manage'],
    ['POST', '/operators/1/password', { password: PASSWORD, reason: 'test' }, 'operators.manage'],
    ['POST', '/operators/999999/two-factor/clear', { reason: 'test', confirm: true }, 'operators.manage'],
  ];
  const GRANTED: Record<OperatorRole, readonly Permission[]> = {
    viewer: ['read', 'releases.read'],
    support: ['read', 'orders.act', 'tickets.act'],
    merchandiser: ['read', 'catalogue.edit'],
    release_manager: ['read', 'releases.read', 'releases.act'],
    admin: ['read', 'releases.read', 'orders.act', 'tickets.act', 'releases.act', 'operators.manage', 'catalogue.edit', 'game_servers.manage'],
  };

  it('checks the role on every route: 403 for each role that may not, 401 for nobody signed in', async () => {
    const refusals: string[] = [];
    for (const role of OPERATOR_ROLES) {
      const console = await signedIn(role);
      for (const [method, path, body, permission] of ROUTES) {
        // A route a role may use passes the role check (and may then be refused for what it asks: 404, 409…).
        const answer = await console.send(method, path, body);
        const allowed = GRANTED[role].includes(permission);
        if (allowed ? answer.status === 403 || answer.status === 401 : answer.status !== 403) refusals.push(`${role} ${method} ${path}: ${answer.status}`);
        if (!allowed) expect(answer.body.code).toBe('forbidden');
      }
    }
    expect(refusals).toEqual([]);
    const nobody = new Console(store.url);
    await nobody.send('GET', '/session');
    for (const [method, path, body] of ROUTES) expect([method, path, (await nobody.send(method, path, body)).status]).toEqual([method, path, 401]);
    // The viewer's refused attempts changed nothing and left no audit row (its sign-ins, refused ones included, are recorded as such).
    expect(await countRows(db, `audit_log WHERE actor = $1 AND action NOT IN ('session.sign_in', 'session.sign_in_refused')`, [emails.viewer])).toBe(0);
  });

  it('ends a session after its idle time, after its absolute end, and everywhere on request', async () => {
    const idle = await signedIn('viewer');
    const ended = await signedIn('viewer');
    const other = await signedIn('viewer');
    expect((await idle.send('GET', '/orders')).status).toBe(200);
    await db.query(`UPDATE operator_sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash IN (SELECT token_hash FROM operator_sessions ORDER BY created_at DESC OFFSET 2 LIMIT 1)`);
    expect((await idle.send('GET', '/orders')).status).toBe(401);
    await db.query(`UPDATE operator_sessions SET expires_at = now() - interval '1 second' WHERE token_hash IN (SELECT token_hash FROM operator_sessions ORDER BY created_at DESC OFFSET 1 LIMIT 1)`);
    expect((await ended.send('GET', '/orders')).status).toBe(401);
    const fourth = await signedIn('viewer');
    expect((await other.send('POST', '/session/everywhere')).body.ended).toBeGreaterThanOrEqual(2);
    expect((await other.send('GET', '/orders')).status).toBe(401);
    expect((await fourth.send('GET', '/orders')).status).toBe(401);
  });

  it('lets an admin add, demote and disable operators, audited; a disabled operator is signed out; the last admin stays', async () => {
    const admin = await signedIn('admin');
    const added = await admin.send('POST', '/operators', { email: 'new.support@ops.example', role: 'support', password: PASSWORD });
    expect(added).toMatchObject({ status: 201, body: { operator: { email: 'new.support@ops.example', role: 'support' } } });
    expect((await admin.send('POST', '/operators', { email: 'new.support@ops.example', role: 'support', password: PASSWORD })).body.code).toBe('emailTaken');
    expect((await admin.send('POST', '/operators', { email: 'short@ops.example', role: 'support', password: 'short' })).body.code).toBe('weakPassword');
    const newcomer = new Console(store.url);
    expect((await newcomer.signIn('new.support@ops.example')).status).toBe(200);
    const id = added.body.operator.id as number;
    expect((await admin.send('PATCH', `/operators/${id}`, { disabled: true, reason: 'left the team' })).body.operator.disabled_at).not.toBeNull();
    expect((await newcomer.send('GET', '/orders')).status).toBe(401);
    expect((await new Console(store.url).signIn('new.support@ops.example')).body.code).toBe('wrongCredentials');
    const audit = await db.query<{ action: string; actor: string; before: unknown; after: unknown; reason: string }>(
      `SELECT action, actor, before, after, reason FROM audit_log WHERE target_id = 'new.support@ops.example' AND action LIKE 'operator.%' ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'operator.add', actor: emails.admin, before: null, after: { email: 'new.support@ops.example', role: 'support' }, reason: '' },
      { action: 'operator.change', actor: emails.admin, before: { role: 'support', disabled: false }, after: { role: 'support', disabled: true }, reason: 'left the team' },
    ]);
    const admins = await db.query<{ id: number }>(`SELECT id FROM operators WHERE role = 'admin'`);
    expect(admins).toHaveLength(1);
    expect((await admin.send('PATCH', `/operators/${admins[0]!.id}`, { role: 'viewer', reason: 'oops' })).body.code).toBe('lastAdmin');
  });

  it('writes each audit row in the transaction of its change: when the row cannot be written, the change is undone', async () => {
    const support = await signedIn('support');
    const order = await mustCreateOrder(store.app);
    await db.exec(`
      CREATE FUNCTION refuse_disputes() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.action = 'order.mark_disputed' THEN RAISE EXCEPTION 'audit store unavailable'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_disputes BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_disputes();`);
    try {
      const refused = await support.send('POST', `/orders/${order.order_id}/actions`, { action: 'mark_disputed', reason: 'chargeback', request_key: 'dispute-undone-1' });
      expect(refused.status).toBe(500);
      expect(await countRows(db, `orders WHERE order_id = $1 AND disputed_at IS NOT NULL`, [order.order_id])).toBe(0);
      expect(await countRows(db, `order_events WHERE order_id = $1 AND event = 'disputed'`, [order.order_id])).toBe(0);
    } finally {
      await db.exec('DROP TRIGGER refuse_disputes ON audit_log; DROP FUNCTION refuse_disputes();');
    }
    const done = await support.send('POST', `/orders/${order.order_id}/actions`, { action: 'mark_disputed', reason: 'chargeback', request_key: 'dispute-undone-1' });
    expect(done.body.done).toBe(true);
    expect(await countRows(db, `orders WHERE order_id = $1 AND disputed_at IS NOT NULL`, [order.order_id])).toBe(1);
  });

  it('keeps the audit log append-only', async () => {
    await expect(db.query(`UPDATE audit_log SET reason = 'edited'`)).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });

  it('finds orders by character name or id with keyset pages, shows the dossier, and exports CSV', async () => {
    const viewer = await signedIn('viewer');
    const first = await mustCreateOrder(store.app);
    const second = await mustCreateOrder(store.app);
    const byName = await viewer.send('GET', '/orders?character=aria&limit=1');
    expect(byName.status).toBe(200);
    expect(byName.body.rows.map((r: { order_id: string }) => r.order_id)).toEqual([second.order_id]);
    const next = await viewer.send('GET', `/orders?character=aria&limit=1&after=${encodeURIComponent(byName.body.next)}`);
    expect(next.body.rows.map((r: { order_id: string }) => r.order_id)).toEqual([first.order_id]);
    const byId = await viewer.send('GET', '/orders?character=1801001&status=created');
    expect(byId.body.rows.map((r: { order_id: string }) => r.order_id)).toEqual(expect.arrayContaining([first.order_id, second.order_id]));
    expect((await viewer.send('GET', '/orders?character=aria&status=delivered')).body.rows).toEqual([]);
    expect((await viewer.send('GET', '/orders?from=not-a-date')).body.code).toBe('badFilter');
    const dossier = await viewer.send('GET', `/orders/${first.order_id}`);
    expect(dossier.body.order).toMatchObject({ order_id: first.order_id, role_name: expect.stringMatching(/aria/i), status: 'created' });
    expect(dossier.body.events.map((e: { event: string }) => e.event)).toEqual(['created']);
    const csv = await viewer.send('GET', `/orders.csv?order_id=${first.order_id}`);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.text.split('\r\n')[1]).toMatch(new RegExp(`^${first.order_id},`));
  });

  it('names each attention report by a key and its figures, for the console to word in the operator\'s language', async () => {
    const viewer = await signedIn('viewer');
    const attention = await viewer.send('GET', '/attention');
    expect(attention.body.findings.map((f: { key: string }) => f.key)).toEqual(['moneyAndItemsDisagree', 'deliveredWithoutPayment', 'providerPaymentsUnaccounted', 'paidPastDeadline', 'refundedBeyondPayment', 'pointsDisagree']);
    const deadline = attention.body.findings[3];
    expect(deadline.params).toEqual({ giveUpMinutes: Math.round(FAST_ORDERS.giveUpAfterMs / 60_000), marginMinutes: expect.any(Number) });
    expect(Date.parse(attention.body.findings[2].params.since)).not.toBeNaN();
  });

  it('exports orders as CSV with times in ISO 8601 UTC and the receipt e-mail and discount code of each', async () => {
    const viewer = await signedIn('viewer');
    const order = await mustCreateOrder(store.app);
    await db.query(`UPDATE orders SET receipt_email = 'mina@example.com', discount_code = 'WELCOME10', created_at = '2026-11-26 16:05:06.789+09' WHERE order_id = $1`, [order.order_id]);
    const csv = await viewer.send('GET', `/orders.csv?order_id=${order.order_id}`);
    const [header, line] = csv.text.split('\r\n');
    const columns = header!.split(',');
    expect(columns).toEqual(expect.arrayContaining(['order_id', 'created_at', 'receipt_email', 'discount_code']));
    const cells = Object.fromEntries(line!.split(',').map((cell, i) => [columns[i], cell]));
    expect(cells).toMatchObject({ order_id: order.order_id, created_at: '2026-11-26T07:05:06.789Z', receipt_email: 'mina@example.com', discount_code: 'WELCOME10' });
  });

  it('resends a delivered order\'s mail once per confirmed request, audited, and refunds it flagged as delivered', async () => {
    const support = await signedIn('support');
    const order = await mustCreateOrder(store.app);
    expect((await checkout(store, order.order_id, 'paid')).status).toBeLessThan(400);
    await waitForStatus(store.app, order.order_id, ['delivered']);
    const mails = () => countRows(db, `sandbox_mail WHERE mail_key = $1 OR mail_key LIKE $1 || ':resend:%'`, [order.order_id]);
    expect(await mails()).toBe(1);

    const unconfirmed = await support.send('POST', `/orders/${order.order_id}/actions`, { action: 'resend_mail', reason: 'player says no mail', request_key: 'resend-request-1' });
    expect(unconfirmed).toMatchObject({ status: 400, body: { code: 'confirmRequired' } });
    expect(await countRows(db, `audit_log WHERE target_id = $1`, [order.order_id])).toBe(0);

    const resend = { action: 'resend_mail', reason: 'player says no mail', request_key: 'resend-request-2', confirmed: true };
    expect((await support.send('POST', `/orders/${order.order_id}/actions`, resend)).body).toEqual({ action: 'resend_mail', orderId: order.order_id, done: true });
    expect((await support.send('POST', `/orders/${order.order_id}/actions`, resend)).body.done).toBe(false);
    await waitFor(async () => (await countRows(db, `order_events WHERE order_id = $1 AND event = 'mail_resent'`, [order.order_id])) === 1);
    expect(await mails()).toBe(2);
    const audit = await db.query(`SELECT action, actor, reason, before, after FROM audit_log WHERE target_id = $1`, [order.order_id]);
    expect(audit).toEqual([
      { action: 'order.resend_mail', actor: emails.support, reason: 'player says no mail', before: { status: 'delivered', refund_requested: false, disputed: false, resends: 0 }, after: { status: 'delivered', resends: 1 } },
    ]);
    // The player's own timeline does not show the desk's entries.
    const info = await waitForStatus(store.app, order.order_id, ['delivered']);
    expect(info.timeline.map((e) => e.event)).not.toContain('mail_resent');

    const refund = await support.send('POST', `/orders/${order.order_id}/actions`, { action: 'refund', reason: 'goodwill', request_key: 'refund-request-1' });
    expect(refund.body.done).toBe(true);
    await waitFor(async () => (await countRows(db, `orders WHERE order_id = $1 AND status = 'refunded'`, [order.order_id])) === 1);
    const dossier = await support.send('GET', `/orders/${order.order_id}`);
    expect(dossier.body.refunds[0].reason).toMatch(/the items had been delivered/);
    expect(dossier.body.events.map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining(['mail_resend_requested', 'mail_resent', 'refund_requested', 'refunded']),
    );
    expect(dossier.body.audit.map((a: { action: string }) => a.action)).toEqual(['order.refund', 'order.resend_mail']);
    expect((await support.send('POST', `/orders/${order.order_id}/actions`, { action: 'refund', reason: 'again', request_key: 'refund-request-2' })).body.code).toBe('notRefundable');
    expect(await reconcileOrders(db)).toEqual([]);
  });

  it('answers a ticket by e-mail in the player\'s language, once per request, and closes it', async () => {
    const support = await signedIn('support');
    const reference = await createTicket(db, { orderId: '', gameId: 18, area: 'kr', email: 'player@example.com', message: '아이템이 안 왔어요', locale: 'ko' });
    const queue = await support.send('GET', '/tickets?status=open');
    expect(queue.body.tickets.map((t: { reference: string }) => t.reference)).toContain(reference);
    const reply = { answer: '확인 후 다시 보내 드렸습니다.', request_key: 'ticket-answer-0001' };
    expect((await support.send('POST', `/tickets/${reference}`, reply)).body).toMatchObject({ done: true, ticket: { status: 'answered', answered_by: emails.support } });
    expect((await support.send('POST', `/tickets/${reference}`, reply)).body.done).toBe(false);
    const mails = await db.query<{ subject: string; body_text: string }>(`SELECT subject, body_text FROM mail_outbox WHERE mail_key LIKE $1`, [`ticket-answer:${reference}:%`]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Re: 문의 답변 (${reference})`);
    expect(mails[0]!.body_text).toContain('확인 후 다시 보내 드렸습니다.');
    expect((await support.send('POST', `/tickets/${reference}`, { status: 'closed', request_key: 'ticket-close-0001' })).body.ticket.status).toBe('closed');
  });

  it('answers only to the ticket\'s own address, never quoting the sender; a ticket holding a list of addresses is not answered by mail', async () => {
    const support = await signedIn('support');
    const reference = await createTicket(db, { orderId: '', gameId: 18, area: 'us', email: 'only.player@example.com', message: 'Click https://phish.example now', locale: 'en' });
    const reply = { answer: 'We resent your items.', request_key: 'ticket-answer-only-0001' };
    expect((await support.send('POST', `/tickets/${reference}`, reply)).body.done).toBe(true);
    const mails = await db.query<{ recipient: string; body_text: string }>(`SELECT recipient, body_text FROM mail_outbox WHERE mail_key LIKE $1`, [`ticket-answer:${reference}:%`]);
    expect(mails).toEqual([{ recipient: 'only.player@example.com', body_text: expect.stringContaining('We resent your items.') }]);
    expect(mails[0]!.body_text).not.toContain('phish');
    // A ticket stored before the form took one plain address only.
    await db.query(
      `INSERT INTO support_tickets (reference, order_id, game_id, area, email, message, locale) VALUES ('T-LIST-0001', '', 18, 'us', 'k1,victim@example.net', 'hello there', 'en')`,
    );
    const refused = await support.send('POST', '/tickets/T-LIST-0001', { answer: 'Hello.', request_key: 'ticket-answer-list-0001' });
    expect(refused.status).toBe(422);
    expect(await countRows(db, `mail_outbox WHERE mail_key LIKE 'ticket-answer:T-LIST-0001:%'`)).toBe(0);
    expect((await support.send('POST', '/tickets/T-LIST-0001', { status: 'closed', request_key: 'ticket-close-list-0001' })).body.ticket.status).toBe('closed');
  });

  it('lets a merchandiser download the catalogue, check a changed file, and import it as one audited revision; a large price change needs a second confirmation', async () => {
    const merchandiser = await signedIn('merchandiser');
    const download = await merchandiser.send('GET', '/catalogue/file');
    expect(download.headers.get('content-disposition')).toMatch(/attachment; filename="catalogue-\d+\.json"/);
    const file = download.body as { bundles: Array<{ product_id: string; price_minor: number }> };
    const bundle = file.bundles.find((b) => b.product_id === '18-us-currency-300')!;
    const was = bundle.price_minor;
    bundle.price_minor = was * 3;
    const checked = await merchandiser.send('POST', '/catalogue/check', file);
    expect(checked.body.problems).toEqual([]);
    expect(checked.body.diff.lists.bundles).toMatchObject({ added: 0, changed: 1 });
    expect(checked.body.large_price_changes).toEqual([expect.objectContaining({ product_id: '18-us-currency-300', from_minor: was, to_minor: was * 3, percent: 200 })]);

    const first = { file, reason: 'winter prices', request_key: 'catalogue-import-1' };
    const unconfirmed = await merchandiser.send('POST', '/catalogue/import', first);
    expect(unconfirmed).toMatchObject({ status: 409, body: { code: 'confirmPriceChanges', price_changes: [expect.objectContaining({ percent: 200 })] } });
    const before = (await merchandiser.send('GET', '/catalogue')).body.current as number;
    const imported = await merchandiser.send('POST', '/catalogue/import', { ...first, confirm_price_changes: true });
    expect(imported.body).toMatchObject({ revision: before + 1, done: true });
    expect((await merchandiser.send('POST', '/catalogue/import', { ...first, confirm_price_changes: true })).body).toEqual({ revision: before + 1, done: false });
    const listing = (await merchandiser.send('GET', '/catalogue')).body;
    expect(listing.current).toBe(before + 1);
    expect(listing.revisions[0]).toMatchObject({ revision: before + 1, actor: emails.merchandiser, reason: 'winter prices', source: 'back-office' });
    expect(await db.query(`SELECT actor, reason FROM audit_log WHERE action = 'catalogue.import'`)).toEqual([{ actor: emails.merchandiser, reason: 'winter prices' }]);
    const price = await call<Array<{ product_id: string; amount: string }>>(store.app, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' });
    expect(price.data.find((b) => b.product_id === '18-us-currency-300')?.amount).toBe(((was * 3) / 100).toFixed(2));

    // Revert: a revision's file is imported again, with the same checks and the same second confirmation;
    // a bundle added since stays.
    bundle.price_minor = was;
    const added = { ...bundle, product_id: '18-us-currency-added-since', sort: 99 };
    (file.bundles as unknown[]).push(added);
    const spring = await merchandiser.send('POST', '/catalogue/import', { file, reason: 'spring prices', request_key: 'catalogue-import-3', confirm_price_changes: true });
    expect(spring.body).toMatchObject({ revision: before + 2, done: true });
    const revert = { revision: before + 1, reason: 'winter again', request_key: 'catalogue-revert-1' };
    expect((await merchandiser.send('POST', '/catalogue/revert', revert)).body.code).toBe('confirmPriceChanges');
    const reverted = await merchandiser.send('POST', '/catalogue/revert', { ...revert, confirm_price_changes: true });
    expect(reverted.body).toMatchObject({ revision: before + 3, done: true });
    expect((await merchandiser.send('GET', '/catalogue')).body.revisions[0]).toMatchObject({ revision: before + 3, reason: `revert to revision ${before + 1}: winter again` });
    const again = await call<Array<{ product_id: string; amount: string }>>(store.app, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' });
    expect(again.data.find((b) => b.product_id === '18-us-currency-300')?.amount).toBe(((was * 3) / 100).toFixed(2));
    expect(again.data.some((b) => b.product_id === '18-us-currency-added-since')).toBe(true);
    expect((await merchandiser.send('POST', '/catalogue/revert', { revision: 999, reason: 'x', request_key: 'catalogue-revert-2' })).body.code).toBe('noSuchRevision');

    const broken = await merchandiser.send('POST', '/catalogue/import', { file: { ...file, games: 'none' }, reason: 'oops', request_key: 'catalogue-import-2' });
    expect(broken).toMatchObject({ status: 400, body: { code: 'catalogueInvalid', problems: ['/games: must be array'] } });
    expect((await merchandiser.send('GET', '/catalogue')).body.current).toBe(before + 3);
  });

  it('lets automation act with the OPS_TOKEN as a named service actor, without a CSRF token', async () => {
    const order = await mustCreateOrder(store.app);
    const headers = { authorization: `Bearer ${OPS_TOKEN}`, 'x-ops-actor': 'chargeback-bot', 'content-type': 'application/json' };
    const response = await fetch(`${store.url}/ops/api/orders/${order.order_id}/actions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action: 'mark_disputed', reason: 'chargeback opened', request_key: 'dispute-request-1' }),
    });
    expect(response.status).toBe(200);
    expect(await db.query(`SELECT actor, action FROM audit_log WHERE target_id = $1`, [order.order_id])).toEqual([{ actor: 'service:chargeback-bot', action: 'order.mark_disputed' }]);
    const wrong = await fetch(`${store.url}/ops/api/orders`, { headers: { authorization: 'Bearer wrong' } });
    expect(wrong.status).toBe(401);
  });
});

describe('sign-ins per address', () => {
  it('refuses an address that keeps trying, whichever e-mail it types', async () => {
    const [pglite] = testDbTargets();
    const store = await openTestStore(pglite!, { ops: { ...loadConfig({}).ops, signInsPerAddress: 3 } });
    try {
      await store.app.listen({ host: '127.0.0.1', port: 0 });
      const address = store.app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await new Console(url).signIn(`someone${i}@ops.example`)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await store.close();
    }
  });

  it('refuses an address that keeps sending wrong ops tokens, even with the right one then', async () => {
    const [pglite] = testDbTargets();
    const store = await openTestStore(pglite!, { opsToken: OPS_TOKEN });
    try {
      const send = (token: string) => store.app.inject({ method: 'GET', url: '/ops/api/orders', headers: { authorization: `Bearer ${token}` } });
      expect((await send(OPS_TOKEN)).statusCode).toBe(200);
      for (let i = 0; i < 10; i += 1) expect((await send(`wrong-${i}`)).statusCode).toBe(401);
      expect((await send(OPS_TOKEN)).statusCode).toBe(429);
    } finally {
      await store.close();
    }
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
