import { claimDueJobs, handBackLeases, isSending, LeaseHeartbeat, PollLoop, releaseAllLeases, renewJobLeases, type ClaimedJob, type JobKind } from '../fulfilment';
import { runClusterChore } from '../db/cluster-chore';
import { deliverOrder, type JobContext } from './deliver-order';
import { expireUnpaidOrders } from './order-workflow';
import { refundDuplicatePayment } from './refund-duplicate-payment';
import { refundOrder } from './refund-order';
import { refundPart } from './refund-part';
import { resendMail } from './resend-mail';
import { sendPlayerMail } from '../players';


/** What the worker needs: what each of its jobs gets (deliver, refund, resend). */
export type DeliveryWorkerOptions = JobContext;

const JOB_WORK: Record<JobKind, (job: ClaimedJob, context: JobContext) => Promise<void>> = {
  deliver: deliverOrder,
  refund: refundOrder,
  refund_payment: refundDuplicatePayment,
  refund_part: refundPart,
  resend: resendMail,
  // An ownership code or a daily gift: the same outbox, leases and backoff as an order's mail.
  player_mail: sendPlayerMail,
};

/** How long a stopping worker waits for the jobs under way before it hands their leases back. */
const STOP_GRACE_MS = 8_000;

/** Jobs one worker works at the same time. */
const MAX_IN_FLIGHT = 20;

/**
 * Works the outbox: sends each paid order's mail, retries on the backoff schedule, gives up into
 * delivery_failed and a refund; expires unpaid orders; runs the provider's chores. Polls every
 * `pollIntervalMs` and claims at once when woken (a payment came in, or a job finished and left
 * room). Up to MAX_IN_FLIGHT jobs run at a time, each on its own, their leases renewed while they run.
 * Any number of workers may run against one PostgreSQL database: each claims its own jobs, and the
 * chores run on one instance per poll interval (runClusterChore); on PGlite there is one process, so
 * one worker.
 */
export class DeliveryWorker {
  private readonly loop: PollLoop;
  private readonly working = new Set<Promise<void>>();
  private stopped = true;
  private choresDoneAt = 0;
  private readonly heartbeat: LeaseHeartbeat<ClaimedJob>;

  constructor(private readonly options: DeliveryWorkerOptions) {
    const { db, log, settings } = options;
    this.loop = new PollLoop(settings.pollIntervalMs, () => this.claim());
    this.heartbeat = new LeaseHeartbeat<ClaimedJob>({
      leaseMs: settings.leaseMs,
      renew: (jobs) => renewJobLeases(db, jobs, settings.leaseMs),
      onLost: (job) => log.warn({ orderId: job.order_id, job: job.job, attempt: job.attempts }, 'delivery job lease lost; another worker has the job'),
      onError: (error) => log.error({ err: error }, 'renewing delivery job leases failed; the next beat tries again'),
    });
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.options.db.kind === 'pglite') await releaseAllLeases(this.options.db);
    this.heartbeat.start();
    this.loop.start();
  }

  /** Claims due jobs now, or right after the claim under way. */
  wake(): void {
    this.loop.wake();
  }

  /**
   * Stops claiming and waits up to `graceMs` for the jobs under way; those still running then (a game
   * server that hangs) have their leases handed back, so another instance takes them at once instead of
   * after the lease. Unfinished jobs stay in the outbox.
   */
  async stop(graceMs = this.options.settings.stopGraceMs ?? STOP_GRACE_MS): Promise<void> {
    this.stopped = true;
    await this.loop.stop();
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.all(this.working).then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    // An attempt handing the game its mail keeps its lease to the end of the call: handed back, a refund
    // could stop the delivery while the mail may still land (decision 298).
    const held = this.heartbeat.holding().filter((job) => !isSending(job));
    await this.heartbeat.stop();
    if (!finished && held.length) {
      await handBackLeases(this.options.db, held).then(
        () => this.options.log.warn({ jobs: held.length }, 'stopping: delivery jobs still under way were handed back to the other instances'),
        (error: unknown) => this.options.log.error({ err: error }, 'stopping: handing back delivery leases failed; they run out by themselves'),
      );
    }
  }

  /**
   * Expiry and the provider's chores, once per poll interval across every instance on the database:
   * they are the cluster's, not this instance's (claiming jobs is each worker's own).
   */
  private async choresIfDue(): Promise<void> {
    const { db, log, payments, settings } = this.options;
    if (Date.now() - this.choresDoneAt < settings.pollIntervalMs) return;
    this.choresDoneAt = Date.now();
    await runClusterChore(db, 'expire-unpaid-orders', settings.pollIntervalMs, async (tx) => {
      const expired = await expireUnpaidOrders(tx);
      if (expired) log.info({ expired }, 'unpaid orders expired');
    });
    const tick = payments.tick?.bind(payments);
    if (tick) await runClusterChore(db, `payment-provider-chores:${payments.name}`, settings.pollIntervalMs, tick);
  }

  private async claim(): Promise<void> {
    const { db, log, settings } = this.options;
    try {
      await this.choresIfDue();
      const room = MAX_IN_FLIGHT - this.working.size;
      // Full: the next job to finish wakes the worker.
      if (room <= 0) return;
      const jobs = await claimDueJobs(db, room, settings.leaseMs);
      for (const job of jobs) this.work(job);
      // As many as there was room for: there may be more due.
      if (jobs.length === room) this.loop.runAgain();
    } catch (error) {
      log.error({ err: error }, 'claiming delivery jobs failed; the next poll tries again');
    }
  }

  private work(job: ClaimedJob): void {
    const context: JobContext = this.options;
    this.heartbeat.hold(job);
    const done: Promise<void> = JOB_WORK[job.job](job, context).finally(() => {
      this.heartbeat.release(job);
      this.working.delete(done);
      this.wake();
    });
    this.working.add(done);
  }
}
