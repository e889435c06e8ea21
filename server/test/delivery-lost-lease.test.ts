import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { claimDueJobs, type ClaimedJob } from '../src/fulfilment';
import type { GameGateway, InGameMail, SentMail } from '../src/game/game-gateway';
import { addOperator } from '../src/ops/operator-admin';
import { deliverOrder, type JobContext } from '../src/orders/deliver-order';
import { SandboxPaymentProvider } from '../src/sandbox/payments/sandbox-payment-provider';
import { openTestStore } from './support/test-app';
import { checkout, countRows, FAST_ORDERS, mustCreateOrder, type OrderStore } from './support/order-helpers';
import { testDbTargets } from './support/test-db';
import { Console, PASSWORD } from './support/ops-console-client';

jest.setTimeout(120_000);

const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };
/**
 * No worker of the store's own: the test plays the delivery worker, step by step. A game call may last
 * longer than a lease (as by default: 30 s against 15 s).
 */
const ORDERS = { ...FAST_ORDERS, leaseMs: 5_000, callTimeoutMs: 20_000, workerEnabled: false, giveUpAfterMs: 300_000, unpaidOrdersPerBuyer: 100, unpaidOrdersPerCharacter: 100 };

/** A gate a step waits at until the test opens it, and a promise of the step reaching it. */
function gate() {
  let open = () => {};
  let reached = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  return { opened, arrived, open: () => open(), reach: () => reached() };
}

/**
 * Decision 285's known limit, closed by decision 298: a delivery worker that lost its lease without
 * knowing (stalled longer than the lease, its heartbeat failing) while the desk refunded the order must
 * not hand the game the mail afterwards; and while an attempt is handing the game the mail, the desk's
 * refund waits for it however long the heartbeat is gone.
 */
describe.each(testDbTargets())('a refund against a delivery worker that lost its lease on $name', (target) => {
  let store: OrderStore;
  let db: Db;
  let support: Console;
  let keys = 0;

  beforeAll(async () => {
    const opened = await openTestStore(target, { ops: { ...loadConfig({}).ops, signInsPerAddress: 10_000 } }, { orders: ORDERS });
    await opened.app.listen({ host: '127.0.0.1', port: 0 });
    const address = opened.app.server.address();
    store = { ...opened, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, settings: ORDERS };
    db = store.db;
    await addOperator(db, SETUP, { email: 'support@lease.example', role: 'support', password: PASSWORD });
    support = new Console(store.url);
    expect((await support.signIn('support@lease.example')).status).toBe(200);
  });
  afterAll(() => store.close());

  /** A paid order whose delivery job waits in the outbox, claimed by "the worker" (this test). */
  const claimedOrder = async (): Promise<{ orderId: string; job: ClaimedJob }> => {
    const order = await mustCreateOrder(store.app);
    expect((await checkout(store, order.order_id, 'paid')).status).toBeLessThan(400);
    const jobs = await claimDueJobs(db, 10, ORDERS.leaseMs);
    const job = jobs.find((j) => j.order_id === order.order_id && j.job === 'deliver');
    expect(job).toBeDefined();
    return { orderId: order.order_id, job: job! };
  };

  /** What the game was handed, recorded; `hold` keeps a call open until the test lets it answer. */
  const game = (hold?: ReturnType<typeof gate>) => {
    const mails: InGameMail[] = [];
    const gateway = {
      lookupRole: async () => null,
      rolesOfAccount: async () => [],
      sendMail: async (mail: InGameMail): Promise<SentMail> => {
        mails.push(mail);
        if (hold) {
          hold.reach();
          await hold.opened;
        }
        return { mailId: `mail-${mail.key}`, created: true, sentAt: new Date() };
      },
    } satisfies GameGateway;
    return { gateway, mails };
  };

  const warnings: string[] = [];
  const context = (workerDb: Db, games: GameGateway): JobContext => ({
    db: workerDb,
    catalogue: store.catalogue,
    games,
    payments: new SandboxPaymentProvider({ db, webhookSecret: ORDERS.webhookSecret, webhookUrl: () => null }),
    settings: ORDERS,
    log: { info: () => {}, warn: (_details, message) => warnings.push(message), error: (_details, message) => warnings.push(`error: ${message}`) },
    publicUrl: store.url,
  });

  const refund = (orderId: string) =>
    support.send('POST', `/orders/${orderId}/actions`, { action: 'refund', reason: 'game server down', request_key: `lease-${target.name}-${(keys += 1)}-key` });

  it('sends nothing when the worker stalled past its lease after starting the delivery and the desk refunded meanwhile', async () => {
    const { orderId, job } = await claimedOrder();
    // The worker stalls right after it moved the order to delivering (a long pause, its heartbeat failing).
    const stall = gate();
    const stalling: Db = Object.assign(Object.create(db) as Db, {
      query: async (sql: string, params?: unknown[]) => {
        const rows = await db.query(sql, params);
        if (/SET status = 'delivering'/.test(sql)) {
          stall.reach();
          await stall.opened;
        }
        return rows;
      },
    });
    const { gateway, mails } = game();
    const attempt = deliverOrder(job, context(stalling, gateway));
    await stall.arrived;
    // Its lease ran out while it stalled: nothing renewed it for a whole lease.
    await db.query(`UPDATE delivery_outbox SET leased_until = clock_timestamp() - interval '1 second' WHERE order_id = $1 AND job = 'deliver'`, [orderId]);

    const refunded = await refund(orderId);
    expect(refunded).toMatchObject({ status: 200, body: { done: true } });
    expect(await countRows(db, `delivery_outbox WHERE order_id = $1 AND job = 'deliver'`, [orderId])).toBe(0);

    // The worker wakes up and goes on with its attempt: the game is handed nothing, the order stays stopped.
    stall.open();
    await attempt;
    expect(mails).toEqual([]);
    const [order] = await db.query<{ status: string; mail_id: string | null }>('SELECT status, mail_id FROM orders WHERE order_id = $1', [orderId]);
    expect(order).toEqual({ status: 'delivery_failed', mail_id: null });
    expect(await countRows(db, `order_events WHERE order_id = $1 AND event IN ('mail_sent', 'delivered')`, [orderId])).toBe(0);
    expect(warnings.some((w) => w.includes(`${orderId} (attempt ${job.attempts}) was lost`))).toBe(true);
  });

  it('sends nothing when another worker took the job over after the lease ran out', async () => {
    const { orderId, job } = await claimedOrder();
    await db.query(`UPDATE delivery_outbox SET leased_until = clock_timestamp() - interval '1 second' WHERE order_id = $1 AND job = 'deliver'`, [orderId]);
    const [again] = (await claimDueJobs(db, 10, ORDERS.leaseMs)).filter((j) => j.order_id === orderId);
    expect(again?.attempts).toBe(job.attempts + 1);
    const stale = game();
    await deliverOrder(job, context(db, stale.gateway));
    expect(stale.mails).toEqual([]);
    const current = game();
    await deliverOrder(again!, context(db, current.gateway));
    expect(current.mails.map((mail) => mail.key)).toEqual([expect.stringContaining(orderId)]);
  });

  it('makes the desk wait while the mail is being handed to the game, however long the heartbeat is gone', async () => {
    const { orderId, job } = await claimedOrder();
    const hold = gate();
    const { gateway, mails } = game(hold);
    // No heartbeat renews this lease: only the step before the send keeps it.
    const attempt = deliverOrder(job, context(db, gateway));
    await hold.arrived;
    // The lease now outlasts the call (longer than any lease a heartbeat gives), not only the claim's lease.
    const [lease] = await db.query<{ covers_call: boolean }>(
      `SELECT leased_until > clock_timestamp() + $2 * interval '1 millisecond' AS covers_call FROM delivery_outbox WHERE order_id = $1 AND job = 'deliver'`,
      [orderId, ORDERS.leaseMs + 1_000],
    );
    expect(lease).toEqual({ covers_call: true });
    const during = await refund(orderId);
    expect(during).toMatchObject({ status: 409, body: { code: 'deliveryUnderWay' } });

    hold.open();
    await attempt;
    expect(mails).toHaveLength(1);
    const [order] = await db.query<{ status: string; refund_requested_at: string | null }>('SELECT status, refund_requested_at FROM orders WHERE order_id = $1', [orderId]);
    expect(order).toEqual({ status: 'delivered', refund_requested_at: null });
    expect(await countRows(db, `delivery_outbox WHERE order_id = $1`, [orderId])).toBe(0);
  });
});
