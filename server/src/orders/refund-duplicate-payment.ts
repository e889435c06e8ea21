import { recordEvent } from './order-workflow';
import { findPaidEvent, recordDuplicateRefund } from '../payments';
import { type ClaimedJob, describeError, finishJob, inJobTransaction, nextAttemptAt, postponeJob, withTimeout } from '../fulfilment';
import { logAttemptError, type JobContext } from './deliver-order';

/**
 * Returns one duplicate payment (a second payment for an order already paid) through its
 * provider, then records the refund and a `duplicate_refunded` entry in the order's timeline.
 * The order itself keeps its state. Never given up, like every refund.
 */
export async function refundDuplicatePayment(job: ClaimedJob, context: JobContext): Promise<void> {
  const { db, payments, settings, log } = context;
  try {
    const payment = await findPaidEvent(db, payments.name, job.payment_id);
    if (!payment || !payment.duplicate || payment.order_id !== job.order_id) {
      log.error({ orderId: job.order_id, paymentId: job.payment_id }, 'no duplicate payment to refund; job dropped');
      await finishJob(db, job);
      return;
    }
    const reason = 'second payment for an order already paid';
    let refundId: string;
    try {
      const refund = payments.refund({ orderId: payment.order_id, paymentId: payment.event_id, amountMinor: payment.amount_minor, currency: payment.currency, reason });
      refundId = (await withTimeout(refund, settings.callTimeoutMs, 'refunding')).refundId;
    } catch (error) {
      const later = nextAttemptAt(settings.backoffMs, job.attempts, new Date(), new Date(), Number.MAX_SAFE_INTEGER);
      await postponeJob(db, job, later ?? new Date(), describeError(error));
      log.error({ orderId: job.order_id, paymentId: job.payment_id, attempt: job.attempts, reason: describeError(error) }, 'duplicate refund failed; will retry');
      return;
    }
    await inJobTransaction(db, job, async (tx) => {
      const recorded = await recordDuplicateRefund(tx, {
        orderId: payment.order_id,
        provider: payments.name,
        refundId,
        paymentId: payment.event_id,
        amountMinor: payment.amount_minor,
        currency: payment.currency,
        reason,
      });
      if (recorded) await recordEvent(tx, payment.order_id, 'duplicate_refunded', { detail: `${payment.event_id} → ${refundId}` });
      await finishJob(tx, job);
    });
    log.info({ orderId: payment.order_id, paymentId: payment.event_id, refundId }, 'duplicate payment refunded');
  } catch (error) {
    logAttemptError(log, job, error, 'duplicate refund attempt could not be recorded');
  }
}
