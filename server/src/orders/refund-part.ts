import { readOrder } from './read-order';
import { recordEvent } from './order-workflow';
import { removePointsForRefund } from '../players';
import { settleExperimentSale } from './experiment-sale';
import { findOrderPayment, recordPartRefund } from '../payments';
import { type ClaimedJob, describeError, finishJob, inJobTransaction, jobRequest, nextAttemptAt, postponeJob, withTimeout } from '../fulfilment';
import { logAttemptError, type JobContext } from './deliver-order';

/**
 * Returns a part of a delivered order's payment (the support desk's partial refund, job 'refund_part',
 * payment_id 'part:<n>') through its provider under that part's key, then records it (refunds, kind
 * 'partial') with a `partially_refunded` entry in the order's timeline. The order keeps its state.
 * The amount was checked against what is left of the payment when the desk asked, with the order
 * locked; the provider checks it again. Never given up, like every refund.
 */
export async function refundPart(job: ClaimedJob, context: JobContext): Promise<void> {
  const { db, payments, settings, log } = context;
  try {
    const [order, asked] = await Promise.all([readOrder(db, job.order_id), jobRequest(db, job)]);
    if (!order || !order.paid_at || !asked?.amount_minor) {
      log.error({ orderId: job.order_id, part: job.payment_id }, 'no paid order or amount for this partial refund; job dropped');
      await finishJob(db, job);
      return;
    }
    const paymentId = (await findOrderPayment(db, payments.name, order.order_id))?.event_id;
    const amountMinor = asked.amount_minor;
    let refundId: string;
    try {
      const refund = payments.refund({ orderId: order.order_id, paymentId, amountMinor, currency: order.currency, reason: asked.reason, key: job.payment_id });
      refundId = (await withTimeout(refund, settings.callTimeoutMs, 'refunding a part')).refundId;
    } catch (error) {
      const later = nextAttemptAt(settings.backoffMs, job.attempts, new Date(), new Date(), Number.MAX_SAFE_INTEGER);
      await postponeJob(db, job, later ?? new Date(), describeError(error));
      log.error({ orderId: job.order_id, part: job.payment_id, attempt: job.attempts, reason: describeError(error) }, 'partial refund failed; will retry');
      return;
    }
    await inJobTransaction(db, job, async (tx) => {
      // The points of the part refunded go with it (decision 305).
      await removePointsForRefund(tx, order.order_id, `refund:${order.order_id}:${job.payment_id}`, amountMinor);
      await recordPartRefund(tx, {
        orderId: order.order_id,
        part: job.payment_id,
        provider: payments.name,
        refundId,
        paymentId: paymentId ?? null,
        amountMinor,
        currency: order.currency,
        reason: asked.reason,
      });
      await recordEvent(tx, order.order_id, 'partially_refunded', { detail: `${refundId}: ${amountMinor} ${order.currency}` });
      await settleExperimentSale(tx, order.order_id);
      await finishJob(tx, job);
    });
    log.info({ orderId: order.order_id, refundId, amountMinor }, 'part of an order refunded');
  } catch (error) {
    logAttemptError(log, job, error, 'partial refund attempt could not be recorded');
  }
}
