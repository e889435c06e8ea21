import { spawn } from 'node:child_process';
import path from 'node:path';
import { migrate } from '../src/db/migrate';
import { reconciles, reconcileStore, type ReconcileSection } from '../src/orders/reconcile-store';
import { SandboxPaymentProvider } from '../src/sandbox/payments/sandbox-payment-provider';
import { seedDemo } from '../src/sandbox/seed/seed-demo';
import { mustCreateOrder, openOrderStore, orderInfo, paidEvent, postWebhook, type OrderStore } from './support/order-helpers';
import { pgliteData, postgresData, type StoreData } from './support/store-process';
import { testDbTargets } from './support/test-db';

jest.setTimeout(180_000);

const SERVER_DIR = path.resolve(__dirname, '..');

/** The order (or payment) ids each report lists, by title. */
const idsBySection = (sections: readonly ReconcileSection[]) =>
  Object.fromEntries(sections.map((section) => [section.title, (section.rows ?? []).map((row) => (row as { order_id: string }).order_id)]));

describe.each(testDbTargets())('reconciliation on $name', (target) => {
  let store: OrderStore;
  let sandbox: SandboxPaymentProvider;
  const report = () => reconcileStore(store.db, { provider: sandbox, giveUpAfterMs: store.settings.giveUpAfterMs });

  beforeAll(async () => {
    // No worker: the purpose-made orders stay as the tests leave them.
    store = await openOrderStore(target, { workerEnabled: false });
    sandbox = new SandboxPaymentProvider({ db: store.db, webhookSecret: store.settings.webhookSecret, webhookUrl: () => null });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('the freshly seeded demo reconciles, and seeding it again changes nothing', async () => {
    const demo = await store.db.query<{ status: string; paid_before_delivered: boolean }>(
      `SELECT status, paid_at < delivered_at AND mail_sent_at IS NOT NULL AS paid_before_delivered FROM orders WHERE order_id LIKE 'demo-%'`,
    );
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.every((order) => order.status === 'delivered' && order.paid_before_delivered)).toBe(true);
    const first = await report();
    expect(idsBySection(first)).toEqual(Object.fromEntries(first.map((section) => [section.title, []])));
    expect(reconciles(first)).toBe(true);

    const traces = async () => ({
      orders: await store.db.query(`SELECT order_id, status, created_at, paid_at, delivering_at, mail_sent_at, delivered_at, mail_id FROM orders ORDER BY order_id`),
      events: await store.db.query(`SELECT order_id, event, at FROM order_events ORDER BY id`),
      ledger: await store.db.query(`SELECT event_id, order_id, created_at FROM sandbox_payments ORDER BY event_id`),
      payments: await store.db.query(`SELECT event_id, order_id FROM payment_events ORDER BY event_id`),
    });
    const before = await traces();
    expect(before.events.length).toBe(before.orders.length * 4);
    await seedDemo(store.db);
    expect(await traces()).toEqual(before);
    const demoInfo = await orderInfo(store.app, (before.orders[0] as { order_id: string }).order_id);
    expect(demoInfo.timeline.map((entry) => entry.event)).toEqual(['created', 'paid', 'delivering', 'mail_sent', 'delivered']);
  });

  it('reports an order delivered without a payment', async () => {
    const placed = await mustCreateOrder(store.app, { role_id: '1802001', server_id: '1802' });
    await store.db.query(`UPDATE orders SET status = 'delivered', delivered_at = now() WHERE order_id = $1`, [placed.order_id]);
    expect(idsBySection(await report())['Delivered without a payment']).toEqual([placed.order_id]);
    await store.db.query(`UPDATE orders SET status = 'created', delivered_at = NULL WHERE order_id = $1`, [placed.order_id]);
  });

  it('reports a payment the provider booked that the store has no paid order for', async () => {
    const placed = await mustCreateOrder(store.app, { role_id: '1802002', server_id: '1802', uid: '1800002' });
    const [order] = await store.db.query<{ amount_minor: number; currency: string }>('SELECT amount_minor, currency FROM orders WHERE order_id = $1', [placed.order_id]);
    // Booked, and its webhook never reached the store.
    const payment = await sandbox.settle({ orderId: placed.order_id, amountMinor: order!.amount_minor, currency: order!.currency }, 'paid');
    const sections = await report();
    expect(idsBySection(sections)['Payments the provider kept that the store does not account for']).toEqual([placed.order_id]);
    expect(sections[2]!.rows).toEqual([expect.objectContaining({ payment_id: payment.event_id, problem: 'not in the store' })]);
    // Once the provider refunds it, the books agree again.
    await sandbox.refund({ orderId: placed.order_id, paymentId: payment.event_id, amountMinor: order!.amount_minor, currency: order!.currency, reason: 'test' });
    expect(idsBySection(await report())['Payments the provider kept that the store does not account for']).toEqual([]);
  });

  it('reports a paid order neither delivered nor refunded past its deadline, and not one still in time', async () => {
    const stuck = await mustCreateOrder(store.app, { role_id: '1802003', server_id: '1802', uid: '1800003' });
    const recent = await mustCreateOrder(store.app);
    for (const placed of [stuck, recent]) {
      expect((await postWebhook(store, paidEvent(await orderInfo(store.app, placed.order_id)))).body.outcome).toBe('applied');
    }
    await store.db.query(`UPDATE orders SET paid_at = now() - interval '2 hours' WHERE order_id = $1`, [stuck.order_id]);
    const sections = await report();
    expect(idsBySection(sections)['Paid orders past their deadline']).toEqual([stuck.order_id]);
    expect(sections.find((section) => section.title === 'Paid orders past their deadline')!.rows).toEqual([
      expect.objectContaining({ order_id: stuck.order_id, status: 'paid', open_jobs: 1 }),
    ]);
    expect(reconciles(sections)).toBe(false);
  });

  it('takes the store\'s record of the mail the game acknowledged as the evidence: clean with any game server, and a delivery never acknowledged is found', async () => {
    // A game server other than the sandbox (GAME_GATEWAY=http) keeps its mail to itself: the sandbox's table is empty.
    await store.db.query('DELETE FROM sandbox_mail');
    const delivered = await store.db.query<{ order_id: string }>(`SELECT order_id FROM orders WHERE status = 'delivered' AND mail_id IS NOT NULL`);
    expect(delivered.length).toBeGreaterThan(0);
    const before = idsBySection(await report())['Orders whose money and items disagree']!;
    expect(before.filter((id) => delivered.some((row) => row.order_id === id))).toEqual([]);

    // A paid order marked delivered that the game never acknowledged (no mail_id) is a real non-delivery.
    const lost = await mustCreateOrder(store.app);
    await store.db.query(`UPDATE orders SET status = 'delivered', paid_at = now() - interval '1 minute', delivered_at = now() WHERE order_id = $1`, [lost.order_id]);
    await store.db.query('DELETE FROM delivery_outbox WHERE order_id = $1', [lost.order_id]);
    const sections = await report();
    expect(idsBySection(sections)['Orders whose money and items disagree']).toEqual([...before, lost.order_id].sort());
    expect(sections[0]!.rows).toContainEqual(expect.objectContaining({ order_id: lost.order_id, status: 'delivered', mails: 0 }));
  });
});

/** `npm run reconcile` against the data of a stopped store: exit code and what it printed. */
function runReconcile(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/reconcile.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const dataKinds: Array<[string, () => Promise<StoreData>]> = [['PGlite', async () => pgliteData()]];
if (process.env.TEST_DATABASE_URL) dataKinds.push(['PostgreSQL', () => postgresData(process.env.TEST_DATABASE_URL!)]);

describe.each(dataKinds)('npm run reconcile on %s', (_name, makeData) => {
  it('exits 0 on the seeded demo, 1 with the order under its report once an order was delivered unpaid', async () => {
    const data = await makeData();
    try {
      const db = await data.open();
      await migrate(db);
      await seedDemo(db);
      // As with a game server other than the sandbox (GAME_GATEWAY=http): the sandbox's mailbox holds nothing.
      await db.query('DELETE FROM sandbox_mail');
      await db.close();
      const clean = await runReconcile(data.env);
      expect(clean.output).toContain('== Orders whose money and items disagree: 0');
      expect(clean.output).toContain('== Delivered without a payment: 0');
      expect(clean.code).toBe(0);

      const broken = await data.open();
      await broken.query(`UPDATE orders SET paid_at = NULL WHERE order_id = (SELECT min(order_id) FROM orders)`);
      const [{ order_id: orderId } = { order_id: '' }] = await broken.query<{ order_id: string }>('SELECT min(order_id) AS order_id FROM orders');
      await broken.close();
      const dirty = await runReconcile({ ...data.env });
      expect(dirty.output).toMatch(/== Delivered without a payment: 1/);
      expect(dirty.output).toContain(orderId);
      expect(dirty.code).toBe(1);
    } finally {
      await data.remove();
    }
  });
});
