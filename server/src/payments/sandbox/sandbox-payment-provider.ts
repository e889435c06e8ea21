import type { IncomingHttpHeaders } from 'node:http';
import type { Db } from '../../db/db';
import type { PaymentProvider, RefundRequest, WebhookReading } from '../payment-provider';
import { verifyWebhookSignature } from '../webhook-signature';
import { postWebhook, readSandboxEvent, SANDBOX_SIGNATURE_HEADER, webhookBody, type SandboxPaymentRow } from './sandbox-webhook';

const PAYMENT_COLUMNS = 'order_id, event_id, result, amount_minor, currency, created_at';

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
   * The player pressed Pay or Decline: books the result once per order (a second press finds
   * the first result) and sends the webhook. Returns the booked result.
   */
  async settle(order: { orderId: string; amountMinor: number; currency: string }, result: 'paid' | 'declined'): Promise<SandboxPaymentRow> {
    const { db } = this.options;
    await db.query(
      `INSERT INTO sandbox_payments (order_id, event_id, result, amount_minor, currency)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (order_id) DO NOTHING`,
      [order.orderId, `sbx_evt_${order.orderId}`, result, order.amountMinor, order.currency],
    );
    const [payment] = await db.query<SandboxPaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM sandbox_payments WHERE order_id = $1`, [order.orderId]);
    if (!payment) throw new Error(`sandbox payment of ${order.orderId} neither booked nor found`);
    await this.send(payment);
    return payment;
  }

  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const rows = await this.options.db.query<{ refund_id: string }>(
      `UPDATE sandbox_payments SET refund_id = coalesce(refund_id, 'sbx_rf_' || order_id), refunded_at = coalesce(refunded_at, now())
        WHERE order_id = $1 AND result = 'paid' AND amount_minor = $2 AND currency = $3 RETURNING refund_id`,
      [request.orderId, request.amountMinor, request.currency],
    );
    const refunded = rows[0];
    if (!refunded) throw new Error(`the sandbox holds no payment of ${request.amountMinor} ${request.currency} for ${request.orderId}`);
    return { refundId: refunded.refund_id };
  }

  /** Sends again every webhook the store has not acknowledged (it was down, or answered 5xx). */
  async tick(): Promise<void> {
    const due = await this.options.db.query<SandboxPaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM sandbox_payments
        WHERE webhook_acknowledged_at IS NULL AND webhook_attempts < $1
          AND coalesce(webhook_last_sent_at, created_at) < now() - least(webhook_attempts, 120) * $2 * interval '1 millisecond'
        ORDER BY created_at LIMIT 20`,
      [MAX_SENDS, RESEND_STEP_MS],
    );
    for (const payment of due) await this.send(payment);
  }

  private async send(payment: SandboxPaymentRow): Promise<void> {
    const url = this.options.webhookUrl();
    if (!url) return;
    const acknowledged = await postWebhook(url, this.options.webhookSecret, webhookBody(payment));
    await this.options.db.query(
      `UPDATE sandbox_payments SET webhook_attempts = webhook_attempts + 1, webhook_last_sent_at = now(),
              webhook_acknowledged_at = CASE WHEN $2 THEN coalesce(webhook_acknowledged_at, now()) ELSE webhook_acknowledged_at END
        WHERE order_id = $1`,
      [payment.order_id, acknowledged],
    );
  }
}
