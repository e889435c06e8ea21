import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import { catalogueRevisions } from '../src/catalogue/catalogue-file';
import { runClusterChore } from '../src/db/cluster-chore';
import type { Db } from '../src/db/db';
import { deliverOrder, type JobContext } from '../src/orders/deliver-order';
import { DeliveryWorker } from '../src/orders/delivery-worker';
import type { WorkerLog } from '../src/fulfilment/worker-log';
import { claimDueJobs, type ClaimedJob } from '../src/fulfilment/outbox';
import type { GameGateway } from '../src/game/game-gateway';
import { queueMail } from '../src/fulfilment/mail-outbox';
import { MailWorker } from '../src/fulfilment/mail-worker';
import type { MailToSend, MailTransport } from '../src/fulfilment/mail-transport';
import type { OrderSettings } from '../src/orders/order-settings';
import { reconcileOrders } from '../src/orders/reconciliation';
import { SandboxGameGateway } from '../src/sandbox/game/sandbox-game-gateway';
import { sandboxPaymentBooks } from '../src/sandbox/install-sandbox';
import { bookPayment } from '../src/sandbox/payments/sandbox-ledger';
import { SandboxPaymentProvider } from '../src/sandbox/payments/sandbox-payment-provider';
import { readDemoCatalogue } from '../src/sandbox/seed/demo-catalogue';
import { demoPurchases } from '../src/sandbox/seed/demo-purchases';
import { seedIfEmpty } from '../src/sandbox/seed/seed-demo';
import { checkout, countRows, FAST_ORDERS, mailsOf, mustCreateOrder, openOrderStore, orderInfo, type OrderStore } from './support/order-helpers';
import { secondInstance, testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

/** A short lease, renewed every 200 ms while a job runs; calls may take long. */
const LEASED: OrderSettings = { ...FAST_ORDERS, leaseMs: 600, callTimeoutMs: 30_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, done: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`waited in vain for ${what}`);
    await sleep(20);
  }
}

/** The log lines of a worker, warnings and errors by their message. */
function recordingLog(): WorkerLog & { readonly lines: string[] } {
  const lines: string[] = [];
  return { lines, info: () => undefined, warn: (_details, message) => void lines.push(message), error: (_details, message) => void lines.push(`error: ${message}`) };
}

/** The sandbox game, with each mail counted and held until `open()` (already open when `held` is false). */
function countedGame(db: Db, held = true) {
  const game = new SandboxGameGateway(db);
  let open = () => undefined as void;
  const gate = held ? new Promise<void>((resolve) => (open = resolve)) : Promise.resolve();
  const calls: string[] = [];
  const gateway: GameGateway = {
    lookupRole: (query) => game.lookupRole(query),
    rolesOfAccount: (gameId, uid) => game.rolesOfAccount(gameId, uid),
    async sendMail(mail) {
      calls.push(mail.key);
      await gate;
      return game.sendMail(mail);
    },
  };
  return { gateway, calls, open: () => open() };
}

function jobContext(db: Db, games: GameGateway, log: WorkerLog, settings: OrderSettings = LEASED): JobContext {
  return { db, catalogue: new CatalogueCache(db), games, payments: sandboxPaymentBooks(db, settings.webhookSecret), settings, log, publicUrl: 'http://127.0.0.1' };
}

const jobOf = (db: Db, orderId: string) =>
  db.query<{ attempts: number; leased: boolean }>(`SELECT attempts, leased_until > now() AS leased FROM delivery_outbox WHERE order_id = $1 AND job = 'deliver'`, [orderId]);

describe.each(testDbTargets())('several instances on one database, on $name', (target) => {
  describe('the delivery outbox', () => {
    let store: OrderStore;
    let other: { db: Db; close(): Promise<void> };
    beforeAll(async () => {
      // The store places orders and takes payments; the workers below deliver.
      store = await openOrderStore(target, { workerEnabled: false });
      other = await secondInstance(target, store.db);
    });
    afterAll(async () => {
      if (store) expect(await reconcileOrders(store.db)).toEqual([]);
      await other?.close();
      await store?.close();
    });

    const paidOrder = async (productId: string) => {
      const placed = await mustCreateOrder(store.app, { role_id: '1801002', uid: '1800002', product_id: productId });
      await checkout(store, placed.order_id, 'paid');
      await until('the payment', async () => (await orderInfo(store.app, placed.order_id)).status === 'paid');
      return placed.order_id;
    };

    it('a job that outlasts its lease stays with its worker while the worker renews the lease', async () => {
      const orderId = await paidOrder('18-us-currency-60');
      const slow = countedGame(store.db);
      const first = new DeliveryWorker(jobContext(store.db, slow.gateway, recordingLog()));
      const quick = countedGame(other.db, false);
      // PGlite admits one process: there the first worker alone must not take its own job again.
      const second = target.name === 'PostgreSQL' ? new DeliveryWorker(jobContext(other.db, quick.gateway, recordingLog())) : null;
      await first.start();
      try {
        await until('the first attempt', () => slow.calls.length === 1);
        await second?.start();
        // Five leases go by while the game has not answered.
        await sleep(5 * LEASED.leaseMs);
        expect(await jobOf(store.db, orderId)).toEqual([{ attempts: 1, leased: true }]);
        expect(quick.calls).toEqual([]);
        expect(slow.calls).toEqual([orderId]);
        slow.open();
        await until('the delivery', async () => (await orderInfo(store.app, orderId)).status === 'delivered');
      } finally {
        slow.open();
        await first.stop();
        await second?.stop();
      }
      const delivered = await orderInfo(store.app, orderId);
      expect(delivered.delivery_attempts).toBe(1);
      expect(delivered.timeline.filter((entry) => entry.event === 'mail_sent').map((entry) => entry.attempt)).toEqual([1]);
      expect(await mailsOf(store.db, orderId)).toHaveLength(1);
    });

    it('a worker that lost its lease records nothing; the worker that took the job over delivers it once', async () => {
      const orderId = await paidOrder('18-us-currency-300');
      const slow = countedGame(store.db);
      const firstLog = recordingLog();
      const first = new DeliveryWorker(jobContext(store.db, slow.gateway, firstLog));
      await first.start();
      let stolen: ClaimedJob[] = [];
      try {
        await until('the first attempt', () => slow.calls.length === 1);
        // Another instance takes the job over, as if the first had stopped renewing for a lease.
        stolen = await other.db.transaction(async (tx) => {
          await tx.query(`UPDATE delivery_outbox SET leased_until = now() - interval '1 second' WHERE order_id = $1`, [orderId]);
          return claimDueJobs(tx, 1, 60_000);
        });
        expect(stolen.map((job) => [job.order_id, job.attempts])).toEqual([[orderId, 2]]);
        await until('the lost lease', () => firstLog.lines.includes('delivery job lease lost; another worker has the job'));
        // The game takes the first worker's mail; its outcome is not the first worker's to record any more.
        slow.open();
      } finally {
        slow.open();
        await first.stop();
      }
      expect(firstLog.lines).toContainEqual(expect.stringMatching(/lease of deliver job .* \(attempt 1\) was lost/));
      expect(firstLog.lines.filter((line) => line.startsWith('error'))).toEqual([]);
      let order = await orderInfo(store.app, orderId);
      expect(order.status).toBe('delivering');
      expect(order.timeline.map((entry) => entry.event)).not.toContain('mail_sent');
      expect(await jobOf(store.db, orderId)).toEqual([{ attempts: 2, leased: true }]);

      const [job] = stolen;
      await deliverOrder(job!, jobContext(other.db, countedGame(other.db, false).gateway, recordingLog()));
      order = await orderInfo(store.app, orderId);
      expect(order.status).toBe('delivered');
      expect(order.timeline.filter((entry) => ['mail_sent', 'delivered'].includes(entry.event)).map((entry) => [entry.event, entry.attempt])).toEqual([
        ['mail_sent', 2],
        ['delivered', 2],
      ]);
      // Both attempts reached the game with the order's key: one mail.
      expect(await mailsOf(store.db, orderId)).toHaveLength(1);
      expect(await jobOf(store.db, orderId)).toEqual([]);
    });
  });

  it('the mail outbox: a slow round keeps every mail it claimed; another worker sends none of them', async () => {
    const db = await target.open();
    const other = await secondInstance(target, db);
    const sent: string[] = [];
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const transport = (name: string, held: boolean): MailTransport => ({
      async send(mail: MailToSend) {
        sent.push(`${name} ${mail.key}`);
        if (held) await gate;
        return `<${mail.key}@test>`;
      },
      close: () => undefined,
    });
    const quiet = recordingLog();
    const first = new MailWorker({ db, transport: transport('first', true), log: quiet, pollIntervalMs: 25, leaseMs: 600 });
    const second = new MailWorker({ db: other.db, transport: transport('second', false), log: quiet, pollIntervalMs: 25, leaseMs: 600 });
    try {
      for (const key of ['receipt:A', 'receipt:B']) await queueMail(db, { key, to: 'aria@example.com', subject: 's', text: 't', locale: 'en' });
      first.start();
      await until('the first send', () => sent.length === 1);
      second.start();
      await sleep(5 * 600);
      expect(sent).toEqual(['first receipt:A']);
      open();
      await until('both mails', async () => (await countRows(db, 'mail_outbox WHERE sent_at IS NOT NULL')) === 2);
      expect(sent).toEqual(['first receipt:A', 'first receipt:B']);
      expect(await db.query('SELECT mail_key, attempts FROM mail_outbox ORDER BY mail_key')).toEqual([
        { mail_key: 'receipt:A', attempts: 1 },
        { mail_key: 'receipt:B', attempts: 1 },
      ]);
    } finally {
      open();
      await first.stop();
      await second.stop();
      await other.close();
      await db.close();
    }
  });

  it('a cluster chore ticked by two instances at the same moment runs on one of them, once a period', async () => {
    const db = await target.open();
    const other = await secondInstance(target, db);
    try {
      let runs = 0;
      const work = async () => {
        runs += 1;
        await sleep(50);
      };
      const ran = await Promise.all([runClusterChore(db, 'probe', 60_000, work), runClusterChore(other.db, 'probe', 60_000, work)]);
      expect(runs).toBe(1);
      expect(ran.filter(Boolean)).toHaveLength(1);
      // Later in the same period: done already, wherever it ran.
      expect(await runClusterChore(other.db, 'probe', 60_000, work)).toBe(false);
      expect(runs).toBe(1);
      expect(await db.query('SELECT chore, ran_by FROM chore_runs')).toEqual([{ chore: 'probe', ran_by: `${os.hostname()}:${process.pid}` }]);
    } finally {
      await other.close();
      await db.close();
    }
  });

  it('two delivery workers re-send an unanswered payment webhook once, not once each', async () => {
    const db = await target.open();
    const other = await secondInstance(target, db);
    const posts: string[] = [];
    // The store behind this address answers 503: the webhook stays unacknowledged.
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        posts.push(body);
        response.writeHead(503).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/payments/sandbox`;
    const workerOn = (on: Db) =>
      new DeliveryWorker({
        ...jobContext(on, new SandboxGameGateway(on), recordingLog(), FAST_ORDERS),
        payments: new SandboxPaymentProvider({ db: on, webhookSecret: FAST_ORDERS.webhookSecret, webhookUrl: () => url }),
      });
    const workers = [workerOn(db), workerOn(other.db)];
    try {
      await bookPayment(db, { orderId: 'TPCHORE0001', attemptId: 'TPCHORE0001', result: 'paid', amountMinor: 499, currency: 'USD', at: new Date(Date.now() - 60_000) });
      // Both start at once: their first ticks meet. The next re-send is due 5 s after this one.
      await Promise.all(workers.map((worker) => worker.start()));
      await sleep(1500);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await new Promise((resolve) => receiver.close(resolve));
      await other.close();
    }
    try {
      expect(posts).toHaveLength(1);
      expect(await db.query('SELECT webhook_attempts FROM sandbox_payments')).toEqual([{ webhook_attempts: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('two instances starting on an empty database seed the demo once', async () => {
    const db = await target.open();
    const other = await secondInstance(target, db);
    try {
      const seeded = await Promise.all([seedIfEmpty(db), seedIfEmpty(other.db)]);
      expect(seeded.sort()).toEqual([false, true]);
      const { revisions } = await catalogueRevisions(db);
      expect(revisions).toEqual([expect.objectContaining({ source: 'seed' })]);
      const purchases = demoPurchases(readDemoCatalogue()).length;
      expect(purchases).toBeGreaterThan(0);
      expect(await countRows(db, 'orders')).toBe(purchases);
      expect(await countRows(db, 'sandbox_mail')).toBe(purchases);
      expect(await reconcileOrders(db)).toEqual([]);
    } finally {
      await other.close();
      await db.close();
    }
  });
});
