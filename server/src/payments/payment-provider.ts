import type { IncomingHttpHeaders } from 'node:http';

/** What a payment provider tells the store about one order's payment. */
export interface PaymentEvent {
  /** The provider's id of this event: the same event sent again carries the same id. */
  readonly eventId: string;
  readonly orderId: string;
  readonly result: 'paid' | 'declined';
  readonly amountMinor: number;
  readonly currency: string;
}

export type WebhookReading =
  | { readonly ok: true; readonly event: PaymentEvent }
  | { readonly ok: false; readonly reason: 'signature' | 'malformed' };

export interface RefundRequest {
  readonly orderId: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly reason: string;
}

/**
 * A payment provider: where the player pays, how its webhooks are read and trusted, and how
 * money goes back. The sandbox provider is the default; a real one implements the same.
 */
export interface PaymentProvider {
  /** Its name in `/webhooks/payments/<name>` and in the orders table. */
  readonly name: string;
  /** Where the player pays for an order. */
  checkoutUrl(orderId: string): string;
  /** Checks the signature over the raw body before reading anything in it. */
  readWebhook(rawBody: string, headers: IncomingHttpHeaders): WebhookReading;
  /** Returns an order's money; refunding the same order twice refunds it once. */
  refund(request: RefundRequest): Promise<{ readonly refundId: string }>;
  /** The provider's own chores, run by the delivery worker (the sandbox re-sends unanswered webhooks). */
  tick?(): Promise<void>;
}
