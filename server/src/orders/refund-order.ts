import { readOrder } from './read-order';
import { findOrderPayment, orderRefundTotals, recordOrderRefund } from '../payments';
import { transitionOrder } from './order-workflow';
import { removePointsForRefund } from '../players';
import { settleExperimentSale } from './experiment-sale';
import { type ClaimedJob, describeError, finishJob, inJobTransaction, jobRequest, nextAttemptAt, postponeJob, withTimeout } from '../fulfilment';
import { logAttemptError, type JobContext } from './deliver-order';

const REFUNDABLE = new Set(['delivery_failed', 'expired', 'declined']);
/** States the support desk may refund from (orders.refund_requested_at). */
const REFUNDABLE_ON_REQUEST = new Set(['paid', 'delivered']);

/**
 * Returns an order's money through its provider (idempotent per order), then marks it refunded: what
 * is left of it after the parts the support desk gave back, waiting for a part still under way. The
 * refund names the reason it was queued with (the desk's), or why the store refunds by itself.
 * A refund is never given up: after the schedule's last wait it is tried at that pace for ever.
 */
export async function refundOrder(job: ClaimedJob, context: JobContext): Promise<void> {
  const { db, payments, settings, log } = context;
  try {
    const order = await readOrder(db, job.order_id);
    const requested = Boolean(order?.refund_requested_at) && REFUNDABLE_ON_REQUEST.has(order?.status ?? '');
    if (!order || !order.paid_at || !(REFUNDABLE.has(order.status) || requested)) {
      await finishJob(db, job);
      return;
    }
    // The provider may hold more payments of the order (duplicates, refunded on their own): name this one.
    const paymentId = (await findOrderPayment(db, payments.name, order.order_id))?.event_id;
    const asked = (await jobRequest(db, job))?.reason ?? '';
    const totals = await orderRefundTotals(db, order.order_id);
    const later = () => nextAttemptAt(settings.backoffMs, job.attempts, new Date(), new Date(), Number.MAX_SAFE_INTEGER) ?? new Date();
    if (totals.queued_minor > 0) {
      // A part is on its way back: the rest is known once it is recorded.
      await postponeJob(db, job, later(), 'waiting for a partial refund under way');
      return;
    }
    const amountMinor = order.amount_minor - totals.refunded_minor;
    const reason = asked
      ? `${asked}${order.delivered_at ? '; the items had been delivered' : ''}`
      : requested
        ? `refunded by the support desk${order.delivered_at ? '; the items had been delivered' : ''}`
        : order.status === 'delivery_failed'
          ? 'mail could not be delivered'
          : `paid while ${order.status}`;
    let refundId: string;
    try {
      if (amountMinor <= 0) throw new Error(`nothing is left of ${order.order_id}'s payment to refund`);
      const refund = payments.refund({ orderId: order.order_id, paymentId, amountMinor, currency: order.currency, reason });
      refundId = (await withTimeout(refund, settings.callTimeoutMs, 'refunding')).refundId;
    } catch (error) {
      await postponeJob(db, job, later(), describeError(error));
      log.error({ orderId: job.order_id, attempt: job.attempts, reason: describeError(error) }, 'refund failed; will retry');
      return;
    }
    await inJobTransaction(db, job, async (tx) => {
      await recordOrderRefund(tx, {
        orderId: order.order_id,
        provider: payments.name,
        refundId,
        paymentId: paymentId ?? null,
        amountMinor,
        currency: order.currency,
        reason,
      });
      await transitionOrder(tx, order.order_id, 'refunded', { detail: requested && order.delivered_at ? `${refundId}; items delivered` : refundId });
      // The points the order earned go with its money, once (decision 305).
      await removePointsForRefund(tx, order.order_id, `refund:${order.order_id}`);
      await settleExperimentSale(tx, order.order_id);
      await finishJob(tx, job);
    });
    log.info({ orderId: order.order_id, refundId }, 'order refunded');
  } catch (error) {
    logAttemptError(log, job, error, 'refund attempt could not be recorded');
  }
}
