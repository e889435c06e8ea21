import type { IncomingHttpHeaders } from 'node:http';
import type { Db, Queryable } from '../../db/db';
import { type PaymentProvider, type ProviderPayment, type RefundRequest, verifyWebhookSignature, type WebhookReading } from '../../payments';
import { bookPayment, listBookedPayments, noteWebhookSent, refundBookedPayment, unacknowledgedPayments } from './sandbox-ledger';
import { takeWebhookAckLoss } from './webhook-ack-losses';
import { postWebhook, readSandboxEvent, SANDBOX_SIGNATURE_HEADER, webhookBody, type SandboxPaymentRow } from './sandbox-webhook';

/** An unanswered webhook is sent again, 5 s more after each try (at most 10 min apart), 50 times at most. */
const RESEND_STEP_MS = 5000;
const MAX_SENDS = 50;

export interface SandboxPaymentOptions {
  readonly db: Db;
  readonly webhookSecret: string;
  /** Where the webhooks go; null while the server is not listening yet. */
  readonly webhookUrl: () => string | null;
}

/**
 * The sandbox payment provider: the player "pays" on `/sandbox/checkout/<order_id>`; the sandbox
 * books the payment in its own table and tells the store by a signed HTTP webhook, sent again
 * until the store answers 2xx, as a real provider does.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly displayName = 'TopUp Sandbox Pay';
  /** The sandbox checkout plays every kind of payment the demo catalogue offers. */
  readonly payTypes = ['card', 'wallet', 'bank', 'mobile'] as const;

  constructor(private readonly options: SandboxPaymentOptions) {}

  checkoutUrl(orderId: string): string {
    return `/sandbox/checkout/${encodeURIComponent(orderId)}`;
  }

  readWebhook(rawBody: string, headers: IncomingHttpHeaders): WebhookReading {
    if (!verifyWebhookSignature(rawBody, headers[SANDBOX_SIGNATURE_HEADER], this.options.webhookSecret)) {
      return { ok: false, reason: 'signature' };
    }
    return readSandboxEvent(rawBody);
  }

  /**
   * The player pressed Pay or Decline on one checkout attempt: books the result once per attempt
   * (a double click finds the first result; another attempt, such as a second tab, is a second
   * payment, as with a real provider) and sends the webhook. Without an attempt id, the order is
   * the attempt: one payment per order. Returns the booked result.
   */
  async settle(
    order: { orderId: string; amountMinor: number; currency: string },
    result: 'paid' | 'declined',
    attemptId: string = order.orderId,
  ): Promise<SandboxPaymentRow> {
    const payment = await bookPayment(this.options.db, { ...order, attemptId, result });
    await this.send(payment);
    return payment;
  }

  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const refundId = await refundBookedPayment(this.options.db, request);
    if (!refundId) {
      const which = request.paymentId ? `payment ${request.paymentId}` : 'single payment';
      throw new Error(`the sandbox holds no ${which} of ${request.amountMinor} ${request.currency} for ${request.orderId}`);
    }
    return { refundId };
  }

  listPayments(since: Date): Promise<ProviderPayment[]> {
    return listBookedPayments(this.options.db, since);
  }

  /** Sends again every webhook the store has not acknowledged (it was down, or answered 5xx); `db`: the chore's transaction. */
  async tick(db: Queryable = this.options.db): Promise<void> {
    const due = await unacknowledgedPayments(db, MAX_SENDS, RESEND_STEP_MS);
    for (const payment of due) await this.send(payment, db);
  }

  private async send(payment: SandboxPaymentRow, db: Queryable = this.options.db): Promise<void> {
    const url = this.options.webhookUrl();
    if (!url) return;
    const answered = await postWebhook(url, this.options.webhookSecret, webhookBody(payment));
    // The lost-acknowledgement drill: the store took it, but the provider books it as unanswered and sends it again.
    const acknowledged = answered && !(await takeWebhookAckLoss(db));
    await noteWebhookSent(db, payment.event_id, acknowledged);
  }
}
