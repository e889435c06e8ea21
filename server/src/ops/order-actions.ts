import type { Db } from '../db/db';
import { hurryDelivery, queueMailResend, queueOrderJob, queuePartRefund, stopDelivery } from '../fulfilment';
import { markDisputed, notePartRefund, recordEvent, requestRefund, stopDeliveryForRefund } from '../orders';
import { amountText, orderRefundTotals } from '../payments';
import { OperationRefused } from '../domain-errors';
import { auditedRequest, writeAudit, type Actor } from './audit';

export const ORDER_ACTIONS = ['resend_mail', 'retry_delivery', 'refund', 'partial_refund', 'mark_disputed'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export interface OrderActionRequest {
  readonly action: OrderAction;
  readonly orderId: string;
  readonly reason: string;
  /** One per click of the console's button: sending it again does nothing more. */
  readonly requestKey: string;
  /** resend_mail: the operator confirmed the player did not get the first mail. */
  readonly confirmed?: boolean;
  /** partial_refund: how much to give back, in minor units of the order's currency. */
  readonly amountMinor?: number;
}

export interface OrderActionOutcome {
  readonly action: OrderAction;
  readonly orderId: string;
  /** false when this request had been done before (the same request key). */
  readonly done: boolean;
}

interface Locked {
  status: string;
  amount_minor: number;
  currency: string;
  refund_requested_at: string | null;
  disputed_at: string | null;
  resends: number;
}

/**
 * Does one support-desk action on an order and writes its audit row, in one transaction: both
 * happen or neither. The audit row's request key makes the action idempotent.
 */
export async function actOnOrder(db: Db, actor: Actor, request: OrderActionRequest): Promise<OrderActionOutcome> {
  const { action, orderId, reason } = request;
  if (!reason.trim()) throw new OperationRefused('invalid', 'A reason is required', 'reasonRequired');
  return db.transaction(async (tx) => {
    const rows = await tx.query<Locked>(
      `SELECT status, amount_minor, currency, refund_requested_at::text, disputed_at::text,
              (SELECT count(*)::int FROM order_events e WHERE e.order_id = o.order_id AND e.event = 'mail_resend_requested') AS resends
         FROM orders o WHERE order_id = $1 FOR UPDATE`,
      [orderId],
    );
    const before = rows[0];
    if (!before) throw new OperationRefused('notFound', `No order ${orderId}`, 'noSuchOrder');
    if (await auditedRequest(tx, request.requestKey)) return { action, orderId, done: false };
    const after: Record<string, unknown> = { status: before.status };
    switch (action) {
      case 'resend_mail': {
        if (before.status !== 'delivered') throw new OperationRefused('conflict', `Order ${orderId} is ${before.status}: only a delivered order's mail is resent`, 'notDelivered');
        if (!request.confirmed) throw new OperationRefused('invalid', 'Confirm that the player did not get the mail', 'confirmRequired');
        const number = before.resends + 1;
        await recordEvent(tx, orderId, 'mail_resend_requested', { detail: `resend ${number} by ${actor.name}: ${reason}` });
        await queueMailResend(tx, orderId, number);
        after.resends = number;
        break;
      }
      case 'retry_delivery':
        if (!(await hurryDelivery(tx, orderId))) throw new OperationRefused('conflict', `Order ${orderId} has no delivery waiting to be retried`, 'nothingToRetry');
        after.retried = true;
        break;
      case 'refund': {
        const refusal = () =>
          new OperationRefused(
            'conflict',
            `Order ${orderId} is ${before.status}${before.refund_requested_at ? ' and its refund was asked for before' : ''}: only a paid, delivering or delivered order is refunded here`,
            'notRefundable',
          );
        if (before.refund_requested_at) throw refusal();
        const totals = await orderRefundTotals(tx, orderId);
        if (totals.queued_minor + totals.refunded_minor >= before.amount_minor) throw new OperationRefused('conflict', `Order ${orderId} was refunded in parts already`, 'nothingLeftToRefund');
        const detail = `by ${actor.name}: ${reason}`;
        if (before.status === 'paid' || before.status === 'delivering') {
          // Its delivery first: out of the outbox in this transaction, so no attempt starts after it.
          const stopped = await stopDelivery(tx, orderId);
          if (stopped === 'under_way') {
            throw new OperationRefused('conflict', `A delivery attempt of ${orderId} is under way: try again in a few seconds`, 'deliveryUnderWay');
          }
          if (stopped === 'none' || !(await stopDeliveryForRefund(tx, orderId, detail))) throw refusal();
          after.delivery_stopped = true;
          after.status = before.status === 'delivering' ? 'delivery_failed' : before.status;
        } else if (!(await requestRefund(tx, orderId, detail))) {
          throw refusal();
        }
        await queueOrderJob(tx, orderId, 'refund', `support desk (${actor.name}): ${reason}`);
        after.refund_requested = true;
        after.items_delivered = before.status === 'delivered';
        after.amount = amountText(before.amount_minor - totals.refunded_minor, before.currency);
        break;
      }
      case 'partial_refund': {
        const amount = request.amountMinor;
        if (amount === undefined || !Number.isSafeInteger(amount) || amount <= 0) {
          throw new OperationRefused('invalid', 'Give the amount to refund, above zero', 'amountRequired');
        }
        if (before.status !== 'delivered' || before.refund_requested_at) {
          throw new OperationRefused('conflict', `Order ${orderId} is ${before.status}${before.refund_requested_at ? ' and being refunded' : ''}: only a delivered order is refunded in part`, 'notRefundable');
        }
        // The order's row is locked: two parts asked at the same moment are counted one after the other.
        const totals = await orderRefundTotals(tx, orderId);
        const left = before.amount_minor - totals.refunded_minor - totals.queued_minor;
        if (amount > left) {
          throw new OperationRefused('conflict', `Only ${amountText(Math.max(left, 0), before.currency)} ${before.currency} of ${orderId} is left to refund`, 'amountTooLarge');
        }
        const part = `part:${totals.parts + 1}`;
        await notePartRefund(tx, orderId, `${part} ${amountText(amount, before.currency)} ${before.currency} by ${actor.name}: ${reason}`);
        await queuePartRefund(tx, orderId, part, amount, `support desk (${actor.name}): ${reason}`);
        after.part = part;
        after.amount = amountText(amount, before.currency);
        after.left = amountText(left - amount, before.currency);
        break;
      }
      case 'mark_disputed':
        if (!(await markDisputed(tx, orderId, `by ${actor.name}: ${reason}`))) throw new OperationRefused('conflict', `Order ${orderId} is marked disputed already`, 'alreadyDisputed');
        after.disputed = true;
        break;
    }
    const recorded = await writeAudit(tx, actor, {
      action: `order.${action}`,
      targetType: 'order',
      targetId: orderId,
      before: { status: before.status, refund_requested: Boolean(before.refund_requested_at), disputed: Boolean(before.disputed_at), resends: before.resends },
      after,
      reason,
      requestKey: request.requestKey,
    });
    // The same request, done at this moment by another call: this one's change must not stay.
    if (!recorded) throw new OperationRefused('conflict', 'This request is being done already', 'inProgress');
    return { action, orderId, done: true };
  });
}
