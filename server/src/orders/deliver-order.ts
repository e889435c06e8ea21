import { findGameArea } from '../catalogue/catalogue';
import { bundleTexts } from '../catalogue/catalogue-language';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { Db } from '../db/db';
import type { GameGateway, SentMail } from '../game/game-gateway';
import { markDelivered, recordEvent, startDelivery, transitionOrder } from './order-workflow';
import { findBundle } from './find-bundle';
import type { OrderSettings } from './order-settings';
import type { OrderRow } from './read-order';
import type { PaymentProvider } from '../payments';
import { earnPointsForOrder } from '../players';
import {
  claimSend,
  type ClaimedJob,
  describeError,
  finishJob,
  inJobTransaction,
  LeaseLost,
  nextAttemptAt,
  orderItems,
  orderLanguage,
  orderMail,
  postponeJob,
  queueMail,
  queueOrderJob,
  receiptMail,
  RENEWALS_PER_LEASE,
  withTimeout,
  type WorkerLog,
} from '../fulfilment';

export interface JobContext {
  readonly db: Db;
  readonly catalogue: CatalogueCache;
  readonly games: GameGateway;
  readonly payments: PaymentProvider;
  readonly settings: OrderSettings;
  readonly log: WorkerLog;
  /** The store's public address, for the receipt mail's links. */
  readonly publicUrl: string;
  /** A mail was queued: the mail worker may send it now. */
  readonly onMailQueued?: () => void;
}

/** The first-purchase text of an order's bundle, when the order earned it. */
export async function bonusText(context: JobContext, order: OrderRow): Promise<string> {
  if (!order.first_buy) return '';
  const gameArea = findGameArea(await context.catalogue.get(), order.game_id, order.area);
  const bundle = gameArea && findBundle(gameArea, order.product_id);
  return (bundle && bundleTexts(bundle, orderLanguage(order)).firstPayContent) || '';
}

/**
 * An attempt whose outcome could not be recorded: the database failed (the lease runs out and the
 * job is tried again), or another worker took the job over (its outcome is that worker's to record).
 */
export function logAttemptError(log: WorkerLog, job: ClaimedJob, error: unknown, message: string): void {
  if (error instanceof LeaseLost) log.warn({ orderId: job.order_id, job: job.job, attempt: job.attempts }, error.message);
  else log.error({ err: error, orderId: job.order_id, job: job.job, attempt: job.attempts }, message);
}

/** The mail could not be sent: try again later, or give up into delivery_failed and a refund. */
async function deliveryFailed(job: ClaimedJob, context: JobContext, reason: string): Promise<void> {
  const { db, settings, log } = context;
  const next = nextAttemptAt(settings.backoffMs, job.attempts, job.first_attempt_at, new Date(), settings.giveUpAfterMs);
  await inJobTransaction(db, job, async (tx) => {
    if (next) {
      await postponeJob(tx, job, next, reason);
      await recordEvent(tx, job.order_id, 'delivery_retry', { attempt: job.attempts, nextAttemptAt: next, detail: reason });
      return;
    }
    await transitionOrder(tx, job.order_id, 'delivery_failed', { attempt: job.attempts, detail: reason });
    await finishJob(tx, job);
    await queueOrderJob(tx, job.order_id, 'refund');
  });
  const level = next ? 'warn' : 'error';
  log[level]({ orderId: job.order_id, attempt: job.attempts, nextAttemptAt: next, reason }, next ? 'mail not sent; will retry' : 'mail not sent; giving up and refunding');
}

/**
 * One attempt at an order's mail. The game gateway sends once per order id, so an attempt
 * repeated after a crash (the mail went out, the order did not record it) delivers nothing twice.
 */
export async function deliverOrder(job: ClaimedJob, context: JobContext): Promise<void> {
  const { db, games, settings, log } = context;
  try {
    const order = await startDelivery(db, job.order_id, job.attempts);
    if (!order || order.status !== 'delivering') {
      await finishJob(db, job);
      return;
    }
    const bonus = await bonusText(context, order);
    const mail = orderMail(order, bonus);
    // The job must still be this attempt's (not stopped by a refund, not taken over) as the mail goes
    // out, and its lease must outlast the call: one statement (decision 298).
    if (!(await claimSend(db, job, settings.callTimeoutMs + settings.leaseMs / RENEWALS_PER_LEASE))) throw new LeaseLost(job);
    let sent: SentMail;
    try {
      sent = await withTimeout(games.sendMail(mail), settings.callTimeoutMs, 'sending the mail');
    } catch (error) {
      await deliveryFailed(job, context, describeError(error));
      return;
    }
    if (settings.crashAfterMail) process.kill(process.pid, 'SIGKILL');
    // Delivered, its timeline, the end of its job and the receipt mail commit together, while the job is still this attempt's.
    const receipt = order.receipt_email ? receiptMail(order, orderItems(order, bonus), await context.catalogue.get(), context.publicUrl, new Date()) : null;
    await inJobTransaction(db, job, async (tx) => {
      await markDelivered(tx, job.order_id, job.attempts, sent);
      // A delivered purchase earns the character its points, once (decision 305).
      await earnPointsForOrder(tx, job.order_id);
      await finishJob(tx, job);
      if (receipt) await queueMail(tx, receipt);
    });
    if (receipt) context.onMailQueued?.();
  } catch (error) {
    logAttemptError(log, job, error, 'delivery attempt could not be recorded');
  }
}
