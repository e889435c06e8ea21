import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { addOperator } from '../src/ops/operator-admin';
import { OPERATOR_ROLES, type OperatorRole } from '../src/ops/roles';
import { reconcileOrders } from '../src/orders/reconciliation';
import { reconcileStore } from '../src/orders';
import { setMailFailures } from '../src/sandbox/game/mail-failures';
import { SandboxPaymentProvider } from '../src/sandbox/payments/sandbox-payment-provider';
import { createTicket } from '../src/support/support-tickets';
import { call, openTestStore } from './support/test-app';
import { checkout, countRows, FAST_ORDERS, mustCreateOrder, waitForStatus, type OrderStore } from './support/order-helpers';
import { testDbTargets } from './support/test-db';
import { Console, PASSWORD, type Json } from './support/ops-console-client';

jest.setTimeout(120_000);

const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };
/** Deliveries retry quickly and are not given up during a test: the desk stops them. */
const ORDERS = { ...FAST_ORDERS, giveUpAfterMs: 300_000, unpaidOrdersPerBuyer: 100, unpaidOrdersPerCharacter: 100 };

describe.each(testDbTargets())('the player-centred support desk on $name', (target) => {
  let store: OrderStore;
  let db: Db;
  const emails = Object.fromEntries(OPERATOR_ROLES.map((role) => [role, `${role}@desk.example`])) as Record<OperatorRole, string>;
  const ids = {} as Record<OperatorRole, number>;
  let keys = 0;
  const key = (what: string) => `${what}-${target.name}-${(keys += 1)}-key`;

  beforeAll(async () => {
    const opened = await openTestStore(target, { ops: { ...loadConfig({}).ops, signInsPerAddress: 10_000 } }, { orders: ORDERS });
    await opened.app.listen({ host: '127.0.0.1', port: 0 });
    const address = opened.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    store = { ...opened, url: `http://127.0.0.1:${port}`, settings: ORDERS };
    db = store.db;
    for (const role of OPERATOR_ROLES) {
      await addOperator(db, SETUP, { email: emails[role], role, password: PASSWORD });
      ids[role] = (await db.query<{ id: number }>('SELECT id FROM operators WHERE email = $1', [emails[role]]))[0]!.id;
    }
  });
  afterAll(() => store.close());

  const signedIn = async (role: OperatorRole) => {
    const console = new Console(store.url);
    expect((await console.signIn(emails[role])).status).toBe(200);
    return console;
  };
  const orderIds = (answer: { body: Json }) => (answer.body.rows as Array<{ order_id: string }>).map((row) => row.order_id).sort();
  const delivered = async (overrides: Record<string, string> = {}) => {
    const order = await mustCreateOrder(store.app, overrides);
    expect((await checkout(store, order.order_id, 'paid')).status).toBeLessThan(400);
    await waitForStatus(store.app, order.order_id, ['delivered']);
    return order.order_id;
  };

  it('finds exactly one address\'s orders by receipt e-mail (any case), an account\'s by uid, and refuses a filter it does not know', async () => {
    const viewer = await signedIn('viewer');
    const mine = [
      (await mustCreateOrder(store.app, { receipt_email: 'Mina.Park@example.com' })).order_id,
      (await mustCreateOrder(store.app, { receipt_email: 'mina.park@example.com' })).order_id,
    ].sort();
    const other = (await mustCreateOrder(store.app, { receipt_email: 'mina.parker@example.com' })).order_id;
    await mustCreateOrder(store.app);
    const byEmail = await viewer.send('GET', '/orders?email=MINA.PARK@example.com');
    expect(byEmail.status).toBe(200);
    expect(orderIds(byEmail)).toEqual(mine);
    expect(orderIds(await viewer.send('GET', '/orders?email=mina.parker%40example.com'))).toEqual([other]);
    expect((await viewer.send('GET', '/orders?email=nobody@example.com')).body.rows).toEqual([]);
    // The account's orders are every order of uid 1800001 (ARIA), the e-mail ones among them.
    const byUid = await viewer.send('GET', '/orders?uid=1800001&limit=200');
    expect(orderIds(byUid)).toEqual(expect.arrayContaining([...mine, other]));
    expect((await viewer.send('GET', '/orders?uid=no-such-account')).body.rows).toEqual([]);
    const csv = await viewer.send('GET', '/orders.csv?email=mina.park@example.com');
    expect(csv.text.trim().split('\r\n')).toHaveLength(3);
    expect(await viewer.send('GET', '/orders?mail=mina.park@example.com')).toMatchObject({ status: 400, body: { code: 'badFilter' } });
  });

  it('gathers one player on one page from an e-mail, an order, an account or a ticket, with tickets linked both ways', async () => {
    const support = await signedIn('support');
    const orderId = await delivered({ receipt_email: 'jun@example.com', role_id: '1801002', uid: '1800002' });
    const second = (await mustCreateOrder(store.app, { role_id: '1801002', uid: '1800002' })).order_id;
    const typed = await createTicket(db, { orderId, gameId: 18, area: 'us', email: 'jun@example.com', message: 'Where are my gems?', locale: 'en' });
    const untyped = await createTicket(db, { orderId: '', gameId: 18, area: 'us', email: 'jun.other@example.com', message: 'Charged twice?', locale: 'en' });

    const byEmail = await support.send('GET', '/player?q=JUN@example.com');
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.key).toEqual({ kind: 'email', value: 'jun@example.com' });
    expect(byEmail.body.uids).toEqual(['1800002']);
    expect(byEmail.body.orders.map((o: Json) => o.order_id).sort()).toEqual([orderId, second].sort());
    expect(byEmail.body.characters).toEqual([expect.objectContaining({ role_id: '1801002', uid: '1800002', orders: 2 })]);
    expect(byEmail.body.tickets.map((t: Json) => t.reference)).toEqual([typed]);

    // The agent links the second ticket to the order it is about: the order, the player and the ticket show it.
    const link = await support.send('POST', `/tickets/${untyped}/link`, { order_id: second, request_key: key('link') });
    expect(link.body).toMatchObject({ done: true, ticket: { linked_order_id: second, order_found: true } });
    expect((await support.send('POST', `/tickets/${untyped}/link`, { order_id: 'NO-SUCH-ORDER', request_key: key('link') })).body.code).toBe('noSuchOrder');
    const dossier = await support.send('GET', `/orders/${second}`);
    expect(dossier.body.tickets.map((t: Json) => t.reference)).toEqual([untyped]);
    for (const q of [orderId, '1800002', '1801002', untyped.toLowerCase()]) {
      const page = await support.send('GET', `/player?q=${encodeURIComponent(q)}`);
      expect([q, page.body.tickets.map((t: Json) => t.reference).sort()]).toEqual([q, [typed, untyped].sort()]);
    }
    expect((await support.send('GET', '/player?q=')).body.code).toBe('badFilter');
    expect((await support.send('GET', '/player?q=zzz-nobody')).body).toMatchObject({ key: { kind: 'name' }, orders: [], tickets: [] });
  });

  it('keeps internal notes on orders and tickets, audited and idempotent, never in the player\'s views', async () => {
    const support = await signedIn('support');
    const order = await mustCreateOrder(store.app, { receipt_email: 'notes@example.com' });
    const reference = await createTicket(db, { orderId: order.order_id, gameId: 18, area: 'us', email: 'notes@example.com', message: 'Hello', locale: 'en' });
    const note = { body: '  Called the player; waiting for a screenshot.  ', request_key: key('note') };
    expect((await support.send('POST', `/orders/${order.order_id}/notes`, note)).body).toMatchObject({ done: true, notes: [{ body: 'Called the player; waiting for a screenshot.', author: emails.support }] });
    expect((await support.send('POST', `/orders/${order.order_id}/notes`, note)).body.done).toBe(false);
    expect((await support.send('POST', `/orders/${order.order_id}/notes`, { body: '   ', request_key: key('note') })).body.code).toBe('noteRequired');
    expect((await support.send('POST', `/orders/${order.order_id}/notes`, { body: 'x'.repeat(4001), request_key: key('note') })).status).toBe(400);
    expect((await support.send('POST', `/tickets/${reference}/notes`, { body: 'Same player as the order.', request_key: key('note') })).body.done).toBe(true);
    expect(await countRows(db, 'desk_notes WHERE target_id IN ($1, $2)', [order.order_id, reference])).toBe(2);
    expect(await countRows(db, `audit_log WHERE action IN ('order.note', 'ticket.note') AND target_id IN ($1, $2)`, [order.order_id, reference])).toBe(2);
    const page = await support.send('GET', '/player?q=notes@example.com');
    expect(page.body.notes.map((n: Json) => [n.target_type, n.body])).toEqual([
      ['order', 'Called the player; waiting for a screenshot.'],
      ['ticket', 'Same player as the order.'],
    ]);
    expect((await support.send('GET', `/tickets/${reference}`)).body.notes).toHaveLength(1);
    await expect(db.query(`UPDATE desk_notes SET body = 'edited'`)).rejects.toThrow(/kept as written/);
    // The player's own ticket lookup answers what they wrote and the answer, never a note.
    const lookup = await call(store.app, 'findSupportTicket', { reference, email: 'notes@example.com' });
    expect(lookup).toMatchObject({ ret: 0, data: { reference, message: 'Hello' } });
    expect(JSON.stringify(lookup)).not.toMatch(/screenshot|Same player/);
  });

  it('assigns tickets to agents, filters "mine" and nobody\'s, and refuses an operator who does not answer tickets', async () => {
    const support = await signedIn('support');
    const admin = await signedIn('admin');
    const a = await createTicket(db, { orderId: '', gameId: 18, area: 'us', email: 'assign.a@example.com', message: 'A', locale: 'en' });
    const b = await createTicket(db, { orderId: '', gameId: 18, area: 'us', email: 'assign.b@example.com', message: 'B', locale: 'en' });
    const agents = (await support.send('GET', '/desk/agents')).body.agents.map((agent: Json) => agent.email);
    expect(agents).toEqual(expect.arrayContaining([emails.support, emails.admin]));
    expect(agents).not.toContain(emails.viewer);
    const give = { operator_id: ids.support, request_key: key('assign') };
    expect((await admin.send('POST', `/tickets/${a}/assign`, give)).body).toMatchObject({ done: true, ticket: { assignee: emails.support, assignee_id: ids.support } });
    expect((await admin.send('POST', `/tickets/${a}/assign`, give)).body.done).toBe(false);
    expect((await admin.send('POST', `/tickets/${b}/assign`, { operator_id: ids.viewer, request_key: key('assign') })).body.code).toBe('notAnAgent');
    const mine = (await support.send('GET', '/tickets?status=open&assignee=me')).body.tickets.map((t: Json) => t.reference);
    expect(mine).toEqual([a]);
    expect((await admin.send('GET', '/tickets?status=open&assignee=me')).body.tickets).toEqual([]);
    const nobodys = (await support.send('GET', '/tickets?status=all&assignee=nobody')).body.tickets.map((t: Json) => t.reference);
    expect(nobodys).toContain(b);
    expect(nobodys).not.toContain(a);
    expect((await support.send('GET', `/tickets?email=ASSIGN.B@example.com`)).body.tickets.map((t: Json) => t.reference)).toEqual([b]);
    expect((await support.send('POST', `/tickets/${a}/assign`, { operator_id: null, request_key: key('assign') })).body.ticket.assignee).toBeNull();
    expect(
      await db.query(`SELECT actor, before, after FROM audit_log WHERE action = 'ticket.assign' AND target_id = $1 ORDER BY id`, [a]),
    ).toEqual([
      { actor: emails.admin, before: { assignee: null }, after: { assignee: emails.support } },
      { actor: emails.support, before: { assignee: emails.support }, after: { assignee: null } },
    ]);
  });

  it('lets only support and admin refund, note, assign and link; every role reads the player page', async () => {
    const order = await mustCreateOrder(store.app);
    const reference = await createTicket(db, { orderId: '', gameId: 18, area: 'us', email: 'roles@example.com', message: 'R', locale: 'en' });
    const writes: Array<[string, Json]> = [
      [`/orders/${order.order_id}/actions`, { action: 'partial_refund', amount_minor: 1, reason: 'role check', request_key: 'x' }],
      [`/orders/${order.order_id}/actions`, { action: 'refund', reason: 'role check', request_key: 'x' }],
      [`/orders/${order.order_id}/notes`, { body: 'role check', request_key: 'x' }],
      [`/tickets/${reference}/notes`, { body: 'role check', request_key: 'x' }],
      [`/tickets/${reference}/assign`, { operator_id: null, request_key: 'x' }],
      [`/tickets/${reference}/link`, { order_id: order.order_id, request_key: 'x' }],
    ];
    for (const role of ['viewer', 'merchandiser', 'release_manager'] as const) {
      const console = await signedIn(role);
      expect((await console.send('GET', `/player?q=${order.order_id}`)).status).toBe(200);
      for (const [path, body] of writes) {
        const answer = await console.send('POST', path, { ...body, request_key: key(role) });
        expect([role, path, answer.status, answer.body.code]).toEqual([role, path, 403, 'forbidden']);
      }
    }
    expect(await countRows(db, 'desk_notes WHERE target_id IN ($1, $2)', [order.order_id, reference])).toBe(0);
    expect(await countRows(db, 'audit_log WHERE target_id IN ($1, $2)', [order.order_id, reference])).toBe(0);
    const nobody = new Console(store.url);
    expect((await nobody.send('GET', `/player?q=${order.order_id}`)).status).toBe(401);
  });

  it('refunds in parts that never add up to more than the payment, each with its reason, shown on the order and in reconcile', async () => {
    const support = await signedIn('support');
    const orderId = await delivered();
    const paid = (await db.query<{ amount_minor: number }>('SELECT amount_minor FROM orders WHERE order_id = $1', [orderId]))[0]!.amount_minor;
    const act = (body: Json) => support.send('POST', `/orders/${orderId}/actions`, { action: 'partial_refund', request_key: key('part'), ...body });
    expect((await act({ amount_minor: 100 })).status).toBe(400);
    expect((await act({ amount_minor: 100, reason: '   ' })).body.code).toBe('reasonRequired');
    expect((await act({ reason: 'no amount' })).body.code).toBe('amountRequired');
    expect((await act({ amount_minor: 0, reason: 'zero' })).status).toBe(400);
    expect((await act({ amount_minor: paid + 1, reason: 'too much' })).body.code).toBe('amountTooLarge');
    expect((await act({ amount_minor: 100, reason: 'one item missing' })).body.done).toBe(true);
    // Two agents at the same moment each give back more than half of what is left: one of them only.
    const half = Math.floor((paid - 100) / 2) + 1;
    const both = await Promise.all([act({ amount_minor: half, reason: 'agent one' }), act({ amount_minor: half, reason: 'agent two' })]);
    expect(both.map((answer) => answer.body.done ?? answer.body.code).sort()).toEqual(['amountTooLarge', true]);
    await waitFor(async () => (await countRows(db, `refunds WHERE order_id = $1 AND kind = 'partial'`, [orderId])) === 2);
    // In the order of their parts: each part's refund is recorded when the provider's answer comes, so two may land either way round.
    const refunds = await db.query<{ amount_minor: number; reason: string; part: string }>(`SELECT amount_minor, reason, part FROM refunds WHERE order_id = $1 ORDER BY part`, [orderId]);
    expect(refunds).toEqual([
      { amount_minor: 100, reason: `support desk (${emails.support}): one item missing`, part: 'part:1' },
      { amount_minor: half, reason: expect.stringMatching(/^support desk \(.+\): agent (one|two)$/), part: 'part:2' },
    ]);
    expect(await countRows(db, `sandbox_refunds r JOIN sandbox_payments p USING (event_id) WHERE p.order_id = $1`, [orderId])).toBe(2);
    const dossier = await support.send('GET', `/orders/${orderId}`);
    expect(dossier.body.order.status).toBe('delivered');
    // The dossier lists refunds as they were recorded (either part first).
    expect(dossier.body.refunds.map((r: Json) => [r.kind, r.amount_minor]).sort((a: [string, number], b: [string, number]) => a[1] - b[1])).toEqual([['partial', 100], ['partial', half]]);
    expect(dossier.body.events.map((e: Json) => e.event)).toEqual(expect.arrayContaining(['partial_refund_requested', 'partially_refunded']));
    // Reconcile: nothing wrong, and the provider's books hold the same parts.
    const sections = await reconcileStore(db, { provider: new SandboxPaymentProvider({ db, webhookSecret: ORDERS.webhookSecret, webhookUrl: () => null }), giveUpAfterMs: ORDERS.giveUpAfterMs });
    expect(sections.map((section) => [section.title, section.rows?.filter((row) => JSON.stringify(row).includes(orderId))])).toEqual(
      sections.map((section) => [section.title, section.rows ? [] : null]),
    );
    // The whole refund returns what is left, once; after it nothing is left to give back.
    expect((await support.send('POST', `/orders/${orderId}/actions`, { action: 'refund', reason: 'player gave up', request_key: key('whole') })).body.done).toBe(true);
    await waitForStatus(store.app, orderId, ['refunded']);
    const [total] = await db.query<{ sum: number }>(`SELECT sum(amount_minor)::int AS sum FROM refunds WHERE order_id = $1`, [orderId]);
    expect(total!.sum).toBe(paid);
    const [books] = await db.query<{ sum: number }>(`SELECT sum(r.amount_minor)::int AS sum FROM sandbox_refunds r JOIN sandbox_payments p USING (event_id) WHERE p.order_id = $1`, [orderId]);
    expect(books!.sum).toBe(paid);
    expect((await act({ amount_minor: 1, reason: 'again' })).body.code).toBe('notRefundable');
    expect(await reconcileOrders(db)).toEqual([]);
    // A part the store recorded that the provider never made shows in reconcile.
    const other = await delivered();
    await db.query(
      `INSERT INTO refunds (order_id, kind, part, provider, refund_id, payment_id, amount_minor, currency, reason)
       SELECT order_id, 'partial', 'part:1', 'sandbox', 'forged', (SELECT event_id FROM payment_events WHERE order_id = $1 LIMIT 1), 50, currency, 'forged'
         FROM orders WHERE order_id = $1`,
      [other],
    );
    const after = await reconcileStore(db, { provider: new SandboxPaymentProvider({ db, webhookSecret: ORDERS.webhookSecret, webhookUrl: () => null }), giveUpAfterMs: ORDERS.giveUpAfterMs });
    const kept = after.find((section) => section.title.startsWith('Payments the provider kept'))!.rows as Json[];
    expect(kept).toEqual([expect.objectContaining({ order_id: other, problem: 'partly refunded amounts differ' })]);
    await expect(db.query(`INSERT INTO refunds (order_id, kind, part, provider, refund_id, amount_minor, currency, reason) VALUES ($1, 'partial', 'part:9', 'sandbox', 'x', 1, 'USD', ' ')`, [other])).rejects.toThrow();
  });

  it('refunds an order whose delivery keeps failing once, even asked twice at once with the worker retrying, and never mails it afterwards', async () => {
    const support = await signedIn('support');
    const admin = await signedIn('admin');
    await setMailFailures(db, -1);
    let orderId = '';
    try {
      const order = await mustCreateOrder(store.app);
      orderId = order.order_id;
      expect((await checkout(store, orderId, 'paid')).status).toBeLessThan(400);
      await waitFor(async () => (await countRows(db, `order_events WHERE order_id = $1 AND event = 'delivery_retry'`, [orderId])) >= 2);
      // Two agents press Refund at the same moment, again while an attempt holds the job.
      const outcomes: string[] = [];
      for (let round = 0; round < 200 && !outcomes.includes('done'); round += 1) {
        const answers = await Promise.all(
          [support, admin].map((console, i) => console.send('POST', `/orders/${orderId}/actions`, { action: 'refund', reason: `game server down (${i})`, request_key: key('stop') })),
        );
        for (const answer of answers) outcomes.push(answer.body.done === true ? 'done' : answer.body.code);
        expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
      }
      expect(outcomes.filter((outcome) => outcome === 'done')).toHaveLength(1);
      expect(new Set(outcomes)).toEqual(new Set(outcomes.filter((o) => ['done', 'notRefundable', 'deliveryUnderWay'].includes(o))));
      await waitForStatus(store.app, orderId, ['refunded']);
    } finally {
      await setMailFailures(db, 0);
    }
    // The game works again: the order's mail is never sent, its delivery never tried again.
    const attempts = await countRows(db, `order_events WHERE order_id = $1 AND event IN ('delivering', 'delivery_retry')`, [orderId]);
    await new Promise((resolve) => setTimeout(resolve, 20 * ORDERS.pollIntervalMs));
    expect(await countRows(db, `order_events WHERE order_id = $1 AND event IN ('delivering', 'delivery_retry')`, [orderId])).toBe(attempts);
    expect(await countRows(db, `sandbox_mail WHERE mail_key LIKE $1 || '%'`, [orderId])).toBe(0);
    expect(await countRows(db, `delivery_outbox WHERE order_id = $1`, [orderId])).toBe(0);
    expect(await db.query(`SELECT kind, amount_minor > 0 AS some, reason FROM refunds WHERE order_id = $1`, [orderId])).toEqual([
      { kind: 'order', some: true, reason: expect.stringMatching(/^support desk \(.+\): game server down \([01]\)$/) },
    ]);
    expect(await countRows(db, `sandbox_refunds r JOIN sandbox_payments p USING (event_id) WHERE p.order_id = $1`, [orderId])).toBe(1);
    const audit = await db.query<{ action: string; before: Json; after: Json }>(`SELECT action, before, after FROM audit_log WHERE target_id = $1`, [orderId]);
    expect(audit).toEqual([
      { action: 'order.refund', before: expect.objectContaining({ status: 'delivering' }), after: expect.objectContaining({ status: 'delivery_failed', delivery_stopped: true, refund_requested: true }) },
    ]);
    const events = (await db.query<{ event: string }>(`SELECT event FROM order_events WHERE order_id = $1 ORDER BY id`, [orderId])).map((e) => e.event);
    expect(events.slice(events.indexOf('delivery_failed'))).toEqual(['delivery_failed', 'refund_requested', 'refunded']);
    expect(await reconcileOrders(db)).toEqual([]);
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
