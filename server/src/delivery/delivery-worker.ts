import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { Db } from '../db/db';
import type { GameGateway } from '../game/game-gateway';
import type { OrderSettings } from '../orders/order-settings';
import type { PaymentProvider } from '../payments/payment-provider';
import { deliverOrder, type JobContext } from './deliver-order';
import { expireUnpaidOrders } from './expire-orders';
import { claimDueJobs, releaseAllLeases } from './outbox';
import { refundOrder } from './refund-order';

export interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface DeliveryWorkerOptions {
  readonly db: Db;
  readonly catalogue: CatalogueCache;
  readonly games: GameGateway;
  readonly payments: PaymentProvider;
  readonly settings: OrderSettings;
  readonly log: WorkerLog;
}

/** Jobs claimed at once; more are claimed as soon as these are done. */
const BATCH = 20;

/**
 * Works the outbox: sends each paid order's mail, retries on the backoff schedule, gives up into
 * delivery_failed and a refund; expires unpaid orders; runs the provider's chores. Polls every
 * `pollIntervalMs` and runs at once when woken (a payment came in). Any number of workers may run
 * against one PostgreSQL database; on PGlite there is one process, so one worker.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(private readonly options: DeliveryWorkerOptions) {}

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.options.db.kind === 'pglite') await releaseAllLeases(this.options.db);
    this.timer = setInterval(() => this.wake(), this.options.settings.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Runs a pass now, or right after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Stops polling and waits for the pass under way; unfinished jobs stay in the outbox. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async pass(): Promise<void> {
    const { db, log, payments } = this.options;
    try {
      const expired = await expireUnpaidOrders(db);
      if (expired) log.info({ expired }, 'unpaid orders expired');
      await payments.tick?.();
      const context: JobContext = this.options;
      for (;;) {
        const jobs = await claimDueJobs(db, BATCH, this.options.settings.leaseMs);
        await Promise.all(jobs.map((job) => (job.job === 'deliver' ? deliverOrder(job, context) : refundOrder(job, context))));
        if (jobs.length < BATCH || this.stopped) break;
      }
    } catch (error) {
      log.error({ err: error }, 'delivery pass failed; the next pass tries again');
    }
  }
}
