import { readOrder } from './read-order';
import { recordEvent } from './order-workflow';
import { type ClaimedJob, describeError, finishJob, inJobTransaction, LeaseLost, nextAttemptAt, orderMail, postponeJob, withTimeout } from '../fulfilment';
import { bonusText, logAttemptError, type JobContext } from './deliver-order';

/** The game's idempotency key of an order's `number`th resent mail. */
export function resendKey(orderId: string, number: string): string {
  return `${orderId}:resend:${number}`;
}

/**
 * Sends a delivered order's mail again, under a key of its own (the support desk confirmed the
 * player did not get the first): the same items, once per resend however often it is attempted.
 * Tried on the delivery backoff schedule until the game takes it.
 */
export async function resendMail(job: ClaimedJob, context: JobContext): Promise<void> {
  const { db, games, settings, log } = context;
  try {
    const order = await readOrder(db, job.order_id);
    if (!order || order.status !== 'delivered') {
      await finishJob(db, job);
      return;
    }
    const mail = { ...orderMail(order, await bonusText(context, order)), key: resendKey(order.order_id, job.payment_id) };
    try {
      const sent = await withTimeout(games.sendMail(mail), settings.callTimeoutMs, 'resending the mail');
      await inJobTransaction(db, job, async (tx) => {
        await recordEvent(tx, order.order_id, 'mail_resent', { attempt: job.attempts, detail: `mail ${sent.mailId}`, at: sent.sentAt });
        await finishJob(tx, job);
      });
      log.info({ orderId: order.order_id, mailId: sent.mailId, resend: job.payment_id }, 'mail resent');
    } catch (error) {
      if (error instanceof LeaseLost) throw error;
      const later = nextAttemptAt(settings.backoffMs, job.attempts, new Date(), new Date(), Number.MAX_SAFE_INTEGER);
      await postponeJob(db, job, later ?? new Date(), describeError(error));
      log.warn({ orderId: order.order_id, attempt: job.attempts, reason: describeError(error) }, 'mail not resent; will retry');
    }
  } catch (error) {
    logAttemptError(log, job, error, 'resend attempt could not be recorded');
  }
}
