import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, type AlertSettings } from '../src/config';
import type { Db } from '../src/db/db';
import { startMailSink, type MailSink } from '../src/fulfilment/mail-sink';
import { smtpTransport } from '../src/fulfilment/mail-transport';
import { addOperator } from '../src/ops/operator-admin';
import { createTicket, readTicket, setTicketStatus } from '../src/support/support-tickets';
import { AlertWorker, recordOneOffIncident, STRICT_WEBHOOKS, verifyWebhook, watchDeliveries, watchReconciliation, webhookUrlProblem } from '../src/alerts';
import { webhookAddressProblem } from '../src/alerts/webhook-address';
import { postWebhook as postToWebhook } from '../src/alerts/post-webhook';
import { guardedLookup } from '../src/net/outbound-address';
import { openTestStore } from './support/test-app';
import { checkout, countRows, FAST_ORDERS, mustCreateOrder, waitForStatus, type OrderStore } from './support/order-helpers';
import { secondInstance, testDbTargets } from './support/test-db';
import { Console, PASSWORD } from './support/ops-console-client';
import { sleep, until } from './support/until';

jest.setTimeout(180_000);

const OPS_TOKEN = 'ops-token-for-alert-tests-0123456789';
const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };

/** The watches run when a test calls them, never by the clock: their chores are an hour apart here. */
const ALERTS: AlertSettings = {
  delivery: { windowMs: 10 * 60_000, failurePercent: 50, minFailures: 3 },
  watchMs: 3_600_000,
  reconcileMs: 3_600_000,
  webhookTimeoutMs: 2_000,
  webhooks: { internal: true },
};

interface Received {
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** An operator's webhook receiver: keeps what it is sent, answers 200 (or 500 under /broken). */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(request.url?.startsWith('/broken') ? 500 : 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(testDbTargets())('alerts on $name', (target) => {
  let store: OrderStore;
  let db: Db;
  let sink: MailSink;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let alice: Console;
  let aliceSecret = '';

  beforeAll(async () => {
    sink = await startMailSink();
    receiver = await startReceiver();
    const ops = { ...loadConfig({}).ops, signInsPerAddress: 10_000, alerts: ALERTS };
    const opened = await openTestStore(target, { opsToken: OPS_TOKEN, ops }, { orders: { ...FAST_ORDERS, giveUpAfterMs: 400 }, mailTransport: smtpTransport(sink.url, 'TopUp Store <alerts@shop.example.com>'), mailSink: sink });
    await opened.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = opened.app.server.address() as AddressInfo;
    store = { ...opened, url: `http://127.0.0.1:${port}`, settings: FAST_ORDERS };
    db = store.db;
    await addOperator(db, SETUP, { email: 'alice@ops.example', role: 'viewer', password: PASSWORD });
    await addOperator(db, SETUP, { email: 'bob@ops.example', role: 'support', password: PASSWORD });
    alice = new Console(store.url);
    expect((await alice.signIn('alice@ops.example')).status).toBe(200);
    const email = await alice.send('POST', '/alerts/channels', { channel: 'email', email: 'alice@ops.example', label: 'me' });
    expect(email.status).toBe(201);
    const hook = await alice.send('POST', '/alerts/channels', { channel: 'webhook', url: `${receiver.url}/hook/alice-private-path`, format: 'json', label: 'ops room' });
    expect(hook.status).toBe(201);
    aliceSecret = hook.body.secret;
    expect(aliceSecret).toMatch(/^whsec_[\w-]{40,}$/);
    const subscribed = await alice.send('POST', '/alerts/subscriptions', { kinds: ['delivery_failures', 'ticket', 'reconcile_finding', 'price_change'] });
    expect(subscribed.status).toBe(200);
    expect(subscribed.body.subscriptions).toEqual(['delivery_failures', 'price_change', 'reconcile_finding', 'ticket']);
  });
  afterAll(async () => {
    await store?.close();
    await sink?.close();
    await receiver?.close();
  });

  const failMails = async (failNext: 'always' | 'off') => {
    const response = await fetch(`${store.url}/sandbox/mail-failures`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fail_next: failNext }) });
    expect(response.status).toBe(200);
  };
  /** Orders of game 18 whose in-game mail keeps failing: each tries, is given up and refunded. */
  const failingOrders = async (count: number) => {
    await failMails('always');
    try {
      for (let i = 0; i < count; i += 1) {
        const placed = await mustCreateOrder(store.app, { product_id: '18-us-currency-300' });
        await checkout(store, placed.order_id, 'paid');
        await waitForStatus(store.app, placed.order_id, ['refunded']);
      }
    } finally {
      await failMails('off');
    }
  };
  const hooksTo = (path: string) => receiver.received.filter((entry) => entry.path === path);
  const alertMails = (subject: RegExp) => sink.mails().filter((mail) => subject.test(mail.subject));

  it('a game failing past the threshold alerts once per incident by e-mail and by a signed webhook, across two instances, and again only after it recovered', async () => {
    // The demo's purchases were delivered a moment ago: moved out of the window, the store is quiet before the outage.
    await db.query(`UPDATE order_events SET at = at - interval '1 hour' WHERE event IN ('delivery_retry', 'delivery_failed', 'delivered')`);
    await failingOrders(2);
    const other = await secondInstance(target, db);
    try {
      // Two instances look at the same moment: one incident, one delivery per channel.
      const looks = await Promise.all([db.transaction((tx) => watchDeliveries(tx, ALERTS.delivery)), other.db.transaction((tx) => watchDeliveries(tx, ALERTS.delivery))]);
      expect(looks.flatMap((look) => look.opened)).toEqual([18]);
    } finally {
      await other.close();
    }
    expect(await countRows(db, `alert_incidents WHERE alert_kind = 'delivery_failures'`)).toBe(1);
    await until('the webhook', () => hooksTo('/hook/alice-private-path').length >= 1);
    await until('the e-mail', () => alertMails(/Deliveries failing: game 18/).length >= 1);
    const [hook] = hooksTo('/hook/alice-private-path');
    expect(verifyWebhook(aliceSecret, String(hook!.headers['x-topup-timestamp']), String(hook!.headers['x-topup-signature']), hook!.body)).toBe(true);
    expect(verifyWebhook('another secret', String(hook!.headers['x-topup-timestamp']), String(hook!.headers['x-topup-signature']), hook!.body)).toBe(false);
    expect(verifyWebhook(aliceSecret, String(hook!.headers['x-topup-timestamp']), String(hook!.headers['x-topup-signature']), hook!.body.replace('18', '19'))).toBe(false);
    const sent = JSON.parse(hook!.body);
    expect(sent).toMatchObject({ type: 'alert', incident: { kind: 'delivery_failures', subject: '18', facts: { game_id: 18, threshold_percent: 50, window_minutes: 10 } } });
    expect(sent.incident.facts.failure_percent).toBeGreaterThanOrEqual(50);
    expect(sent.incident.facts.failed_attempts).toBeGreaterThanOrEqual(3);
    expect(hook!.headers['x-topup-alert-delivery']).toBe(String(sent.delivery_id));
    const [mail] = alertMails(/Deliveries failing: game 18/);
    expect(mail!.to).toContain('alice@ops.example');
    expect(mail!.text).toContain('failed_attempts: ');

    // More failures in the same incident: nothing new is queued or sent.
    await failingOrders(1);
    expect((await db.transaction((tx) => watchDeliveries(tx, ALERTS.delivery))).opened).toEqual([]);
    expect(await countRows(db, `alert_incidents WHERE alert_kind = 'delivery_failures'`)).toBe(1);
    expect(await countRows(db, `alert_deliveries d JOIN alert_incidents i ON i.id = d.incident_id WHERE i.alert_kind = 'delivery_failures'`)).toBe(2);
    expect(await countRows(db, `mail_outbox WHERE mail_key LIKE 'alert:%'`)).toBe(1);

    // The window moves past the failures (as an hour would): the game has recovered, the incident is resolved.
    await db.query(`UPDATE order_events SET at = at - interval '1 hour' WHERE event IN ('delivery_retry', 'delivery_failed', 'delivered')`);
    expect((await db.transaction((tx) => watchDeliveries(tx, ALERTS.delivery))).resolved).toEqual([18]);
    expect(await countRows(db, `alert_incidents WHERE alert_kind = 'delivery_failures' AND resolved_at IS NOT NULL`)).toBe(1);

    // It fails again: a new incident, one more e-mail and one more webhook.
    await failingOrders(2);
    expect((await db.transaction((tx) => watchDeliveries(tx, ALERTS.delivery))).opened).toEqual([18]);
    await until('the second webhook', () => hooksTo('/hook/alice-private-path').length >= 2);
    await until('the second e-mail', () => alertMails(/Deliveries failing: game 18/).length >= 2);
    await sleep(300);
    expect(hooksTo('/hook/alice-private-path')).toHaveLength(2);
    expect(alertMails(/Deliveries failing: game 18/)).toHaveLength(2);
    expect(await countRows(db, `alert_incidents WHERE alert_kind = 'delivery_failures'`)).toBe(2);
  });

  it('shapes the body for Slack and Discord, signed all the same, and sends a test per channel', async () => {
    const slack = await alice.send('POST', '/alerts/channels', { channel: 'webhook', url: `${receiver.url}/slack`, format: 'slack' });
    const discord = await alice.send('POST', '/alerts/channels', { channel: 'webhook', url: `${receiver.url}/discord`, format: 'discord' });
    expect(slack.status).toBe(201);
    expect(discord.status).toBe(201);
    expect((await alice.send('POST', `/alerts/channels/${slack.body.channel.id}/test`)).status).toBe(202);
    expect((await alice.send('POST', `/alerts/channels/${discord.body.channel.id}/test`)).status).toBe(202);
    // A second test at once is refused: tests are not a way to flood a channel.
    expect(await alice.send('POST', `/alerts/channels/${slack.body.channel.id}/test`)).toMatchObject({ status: 429, body: { code: 'testTooSoon' } });
    await until('the Slack test', () => hooksTo('/slack').length === 1);
    await until('the Discord test', () => hooksTo('/discord').length === 1);
    const slackBody = JSON.parse(hooksTo('/slack')[0]!.body);
    expect(Object.keys(slackBody)).toEqual(['text']);
    expect(slackBody.text).toMatch(/^\[TopUp Store\] Test alert/);
    const discordBody = JSON.parse(hooksTo('/discord')[0]!.body);
    expect(discordBody).toEqual({ content: expect.stringMatching(/^\[TopUp Store\] Test alert/), allowed_mentions: { parse: [] } });
    const signed = hooksTo('/slack')[0]!;
    expect(verifyWebhook(slack.body.secret, String(signed.headers['x-topup-timestamp']), String(signed.headers['x-topup-signature']), signed.body)).toBe(true);
    // The secret was shown once: the channel list never carries it, nor the address's path.
    const mine = await alice.send('GET', '/alerts/mine');
    expect(mine.text).not.toContain(slack.body.secret);
    expect(mine.text).not.toContain('alice-private-path');
    expect(mine.body.deliveries.find((delivery: { channel_id: number }) => delivery.channel_id === slack.body.channel.id)).toMatchObject({ state: 'sent', incident_id: null });
    // The e-mail channel's test goes through the mail outbox like every mail.
    const emailChannel = mine.body.channels.find((channel: { channel: string }) => channel.channel === 'email');
    expect((await alice.send('POST', `/alerts/channels/${emailChannel.id}/test`)).status).toBe(202);
    await until('the test e-mail', () => alertMails(/Test alert/).length === 1);
  });

  it('keeps a webhook that fails retrying without writing its address or secret anywhere', async () => {
    const broken = await alice.send('POST', '/alerts/channels', { channel: 'webhook', url: `${receiver.url}/broken/token-in-path-12345`, format: 'json' });
    expect((await alice.send('POST', `/alerts/channels/${broken.body.channel.id}/test`)).status).toBe(202);
    const row = await until('the failed attempt', async () => {
      const [found] = await db.query<{ last_error: string; attempts: number; sent_at: Date | null; failed_at: Date | null }>(
        `SELECT last_error, attempts, sent_at, failed_at FROM alert_deliveries WHERE channel_id = $1 AND attempts > 0 AND last_error <> ''`,
        [broken.body.channel.id],
      );
      return found;
    });
    expect(row).toMatchObject({ last_error: 'HTTP 500', sent_at: null, failed_at: null });
    const audit = await db.query<{ after: unknown }>(`SELECT after FROM audit_log WHERE action = 'alerts.channel_add' AND target_id = $1`, [String(broken.body.channel.id)]);
    expect(JSON.stringify(audit)).not.toContain('token-in-path');
    expect(JSON.stringify(audit)).not.toContain(broken.body.secret);
    expect(JSON.stringify(audit)).toContain('127.0.0.1');
    expect((await alice.send('DELETE', `/alerts/channels/${broken.body.channel.id}`)).status).toBe(200);
  });

  it('opens an incident for a new ticket and for a reopened one, each once, resolved when answered or closed', async () => {
    const reference = await createTicket(db, { orderId: '', gameId: 18, area: 'us', email: 'player@example.com', message: 'Please <!channel> help', locale: 'en' });
    const incidents = () => db.query<{ title: string; resolved_at: Date | null; facts: Record<string, unknown> }>(`SELECT title, resolved_at, facts FROM alert_incidents WHERE alert_kind = 'ticket' AND subject = $1 ORDER BY id`, [reference]);
    expect(await incidents()).toMatchObject([{ title: `new ticket ${reference}`, resolved_at: null }]);
    expect(JSON.stringify(await incidents())).not.toContain('channel');
    await db.transaction((tx) => setTicketStatus(tx, reference, 'closed'));
    expect((await incidents())[0]!.resolved_at).not.toBeNull();
    await db.transaction((tx) => setTicketStatus(tx, reference, 'open'));
    await db.transaction((tx) => setTicketStatus(tx, reference, 'open'));
    expect((await incidents()).map((incident) => incident.title)).toEqual([`new ticket ${reference}`, `ticket reopened ${reference}`]);
    expect((await readTicket(db, reference))?.status).toBe('open');
    const told = () => hooksTo('/hook/alice-private-path').filter((entry) => entry.body.includes(reference));
    await until('both webhooks', () => told().length === 2);
    expect(told().every((entry) => !entry.body.includes('channel'))).toBe(true);
  });

  it('opens one incident per reconciliation report with rows, until the report is empty again', async () => {
    const placed = await mustCreateOrder(store.app, { product_id: '18-us-currency-60' });
    // An order marked delivered with no mail and no payment: the books disagree.
    await db.query(`UPDATE orders SET status = 'delivered', delivered_at = now() WHERE order_id = $1`, [placed.order_id]);
    const first = await db.transaction((tx) => watchReconciliation(tx, FAST_ORDERS.giveUpAfterMs));
    expect(first.opened).toEqual(expect.arrayContaining(['orders-whose-money-and-items-disagree', 'delivered-without-a-payment']));
    expect((await db.transaction((tx) => watchReconciliation(tx, FAST_ORDERS.giveUpAfterMs))).opened).toEqual([]);
    await db.query(`UPDATE orders SET status = 'expired', delivered_at = NULL WHERE order_id = $1`, [placed.order_id]);
    const fixed = await db.transaction((tx) => watchReconciliation(tx, FAST_ORDERS.giveUpAfterMs));
    expect(fixed.resolved).toEqual(expect.arrayContaining(first.opened));
  });

  it('alerts once for a published revision that changed prices by more than 50 %', async () => {
    await addOperator(db, SETUP, { email: 'merch@ops.example', role: 'merchandiser', password: PASSWORD });
    const merch = new Console(store.url);
    await merch.signIn('merch@ops.example');
    const file = (await merch.send('GET', '/catalogue/file')).body as { bundles: Array<{ product_id: string; price_minor: number }> };
    const bundle = file.bundles.find((b) => b.product_id === '18-us-currency-300')!;
    bundle.price_minor *= 3;
    const asked = { file, reason: 'winter prices', request_key: 'alerts-price-1' };
    expect((await merch.send('POST', '/catalogue/import', asked)).status).toBe(409);
    expect(await countRows(db, `alert_incidents WHERE alert_kind = 'price_change'`)).toBe(0);
    const imported = await merch.send('POST', '/catalogue/import', { ...asked, confirm_price_changes: true });
    expect(imported.body).toMatchObject({ done: true });
    expect((await merch.send('POST', '/catalogue/import', { ...asked, confirm_price_changes: true })).body).toMatchObject({ done: false });
    // A revision without a large change alerts nothing.
    bundle.price_minor += 1;
    expect((await merch.send('POST', '/catalogue/import', { file, reason: 'one cent', request_key: 'alerts-price-2' })).body).toMatchObject({ done: true });
    const revision = imported.body.revision as number;
    expect(await db.query(`SELECT subject, title FROM alert_incidents WHERE alert_kind = 'price_change'`)).toEqual([
      { subject: `revision ${revision}`, title: `revision ${revision} changed 1 price by more than 50 %, published by merch@ops.example` },
    ]);
    await until('the price-change webhook', () => hooksTo('/hook/alice-private-path').some((entry) => entry.body.includes('"kind":"price_change"')));
    const told = JSON.parse(hooksTo('/hook/alice-private-path').find((entry) => entry.body.includes('"kind":"price_change"'))!.body);
    expect(told.incident.facts).toMatchObject({ revision, published_by: 'merch@ops.example', reason: 'winter prices', changes: expect.stringMatching(/^18-us-currency-300: \d+ → \d+ \(\+200 %\)$/) });
  });

  it('counts unseen incidents for the menu badge, per operator', async () => {
    expect((await alice.send('GET', '/alerts/unseen')).body.unseen).toBeGreaterThan(0);
    const listed = await alice.send('GET', '/alerts');
    expect(listed.status).toBe(200);
    expect(listed.body.incidents[0]).toMatchObject({ id: expect.any(Number), alert_kind: expect.any(String), deliveries: expect.any(Number) });
    expect((await alice.send('POST', '/alerts/seen')).body).toEqual({ unseen: 0 });
    const bob = new Console(store.url);
    await bob.signIn('bob@ops.example');
    expect((await bob.send('GET', '/alerts/unseen')).body.unseen).toBeGreaterThan(0);
    // An operator added now has seen nothing yet, and nothing happened since: no count of old incidents.
    await addOperator(db, SETUP, { email: 'dave@ops.example', role: 'viewer', password: PASSWORD });
    const dave = new Console(store.url);
    await dave.signIn('dave@ops.example');
    expect((await dave.send('GET', '/alerts/unseen')).body.unseen).toBe(0);
  });

  it('lets every operator manage only their own channels, never automation, and refuses what is not signed in', async () => {
    const bob = new Console(store.url);
    await bob.signIn('bob@ops.example');
    const aliceChannel = (await alice.send('GET', '/alerts/mine')).body.channels[0];
    expect(await bob.send('POST', `/alerts/channels/${aliceChannel.id}/test`)).toMatchObject({ status: 404, body: { code: 'noSuchChannel' } });
    expect(await bob.send('DELETE', `/alerts/channels/${aliceChannel.id}`)).toMatchObject({ status: 404, body: { code: 'noSuchChannel' } });
    expect((await bob.send('GET', '/alerts/mine')).body.channels).toEqual([]);
    expect((await bob.send('POST', '/alerts/subscriptions', { kinds: ['ticket'] })).status).toBe(200);
    expect(await bob.send('POST', '/alerts/subscriptions', { kinds: ['ticket'] }, { 'x-csrf-token': '' })).toMatchObject({ status: 403, body: { code: 'csrf' } });
    expect(await bob.send('POST', '/alerts/subscriptions', { kinds: ['everything'] })).toMatchObject({ status: 400 });
    expect(await bob.send('POST', '/alerts/channels', { channel: 'email', email: 'a@b.example, c@d.example' })).toMatchObject({ status: 400, body: { code: 'badAlertEmail' } });
    const stranger = new Console(store.url);
    expect(await stranger.send('GET', '/alerts/mine')).toMatchObject({ status: 401, body: { code: 'signedOut' } });
    expect(await stranger.send('GET', '/alerts')).toMatchObject({ status: 401 });
    const bearer = { authorization: `Bearer ${OPS_TOKEN}`, 'x-ops-actor': 'robot' };
    expect(await stranger.send('GET', '/alerts/mine', undefined, bearer)).toMatchObject({ status: 403, body: { code: 'operatorOnly' } });
    expect((await stranger.send('GET', '/alerts', undefined, bearer)).status).toBe(200);
    expect(await countRows(db, `audit_log WHERE action = 'alerts.subscriptions' AND actor = 'bob@ops.example'`)).toBe(1);
  });
  it("posts each webhook delivery once with two instances' workers draining the outbox", async () => {
    await addOperator(db, SETUP, { email: 'carol@ops.example', role: 'release_manager', password: PASSWORD });
    const carol = new Console(store.url);
    await carol.signIn('carol@ops.example');
    expect((await carol.send('POST', '/alerts/channels', { channel: 'webhook', url: `${receiver.url}/two-workers`, format: 'json' })).status).toBe(201);
    expect((await carol.send('POST', '/alerts/subscriptions', { kinds: ['auto_rollback'] })).status).toBe(200);
    const other = await secondInstance(target, db);
    const worker = new AlertWorker({ db: other.db, log: { info: () => undefined, warn: () => undefined, error: () => undefined }, policy: { internal: true }, pollIntervalMs: 10, leaseMs: 5_000, timeoutMs: 2_000, instance: 'second' });
    try {
      worker.start();
      await db.transaction(async (tx) => {
        for (let n = 1; n <= 24; n += 1) await recordOneOffIncident(tx, { kind: 'auto_rollback', subject: `remote-topup:drill-${n}`, title: `drill ${n}` });
      });
      await until('24 posts', () => hooksTo('/two-workers').length >= 24);
      await sleep(300);
      const ids = hooksTo('/two-workers').map((entry) => entry.headers['x-topup-alert-delivery']);
      expect(ids).toHaveLength(24);
      expect(new Set(ids).size).toBe(24);
      expect(await countRows(db, `alert_deliveries d JOIN alert_channels c ON c.id = d.channel_id WHERE c.url LIKE '%/two-workers' AND d.sent_at IS NOT NULL AND d.attempts = 1`)).toBe(24);
    } finally {
      await worker.stop();
      await other.close();
    }
  });
});

describe('webhook addresses the store refuses in production', () => {
  it.each([
    ['http://hooks.example.com/x', /https/],
    ['https://127.0.0.1/x', /internal network/],
    ['https://localhost:8443/x', /internal network/],
    ['https://10.1.2.3/x', /internal network/],
    ['https://169.254.169.254/latest/meta-data', /internal network/],
    ['https://[::ffff:192.168.0.1]/x', /internal network/],
    ['https://[fd00::1]/x', /internal network/],
    ['https://user:pass@hooks.example.com/x', /user name or password/],
    ['not a url', /not an address/],
  ])('%s', (url, why) => {
    expect(webhookUrlProblem(url, STRICT_WEBHOOKS)).toMatch(why);
  });

  it('takes a public https address, and this machine only in development', () => {
    expect(webhookUrlProblem('https://hooks.slack.com/services/T0/B0/abc', STRICT_WEBHOOKS)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:9/x', { internal: true })).toBeNull();
  });

  it('judges the address a name resolves to when it connects, and posts nothing there', async () => {
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup((address) => webhookAddressProblem(address, STRICT_WEBHOOKS), 'EWEBHOOKADDRESS')('localhost', {}, (error) => resolve(error)),
    );
    expect(refused?.code).toBe('EWEBHOOKADDRESS');
    const receiver = await startReceiver();
    try {
      // In development the same receiver is reachable; in production the post is refused before any byte.
      expect(await postToWebhook(`${receiver.url}/x`, {}, '{}', 2000, { internal: true })).toEqual({ status: 200 });
      const outcome = await postToWebhook(`${receiver.url}/x`, {}, '{}', 2000, STRICT_WEBHOOKS);
      expect(outcome).toMatchObject({ status: null, error: expect.stringMatching(/^refused: /) });
      expect(JSON.stringify(outcome)).not.toContain(receiver.url);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
