import type { IncomingHttpHeaders } from 'node:http';
import type { Queryable } from '../db/db';

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
  /** `event` null: a genuine notice that changes no order (a session completed but not yet paid). */
  | { readonly ok: true; readonly event: PaymentEvent | null }
  | { readonly ok: false; readonly reason: 'signature' | 'malformed' };

export interface RefundRequest {
  readonly orderId: string;
  /**
   * The payment to return: the id the store received it under (its event id in payment_events).
   * Needed when the provider holds several payments of the order; without it, the order's only one.
   */
  readonly paymentId?: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly reason: string;
  /**
   * The store's key of this refund of the payment. Without it: the whole payment (what is left of it),
   * once. A payment returned in parts has one key per part ('part:<n>'), each done once: the same
   * key sent again refunds nothing more.
   */
  readonly key?: string;
}

/** One payment as the provider's own books have it, to reconcile the store against. */
export interface ProviderPayment {
  /** The id the store receives it under (the event id of its webhook). */
  readonly paymentId: string;
  readonly orderId: string;
  readonly result: 'paid' | 'declined';
  readonly amountMinor: number;
  readonly currency: string;
  readonly bookedAt: Date;
  /** Wholly refunded. */
  readonly refunded: boolean;
  /** How much of it went back so far, when the provider tells (partial refunds). */
  readonly refundedMinor?: number;
}

/**
 * A payment provider: where the player pays, how its webhooks are read and trusted, and how
 * money goes back. The sandbox provider is the default; a real one implements the same.
 */
export interface PaymentProvider {
  /** Its name in `/webhooks/payments/<name>` and in the orders table. */
  readonly name: string;
  /** What players read: the order pages' "secure checkout by …" note names it. */
  readonly displayName: string;
  /** The pay types it takes: a catalogue's pay methods are chosen among them. */
  readonly payTypes: readonly string[];
  /** Where the player pays for an order. */
  checkoutUrl(orderId: string): string;
  /** Checks the signature over the raw body before reading anything in it. */
  readWebhook(rawBody: string, headers: IncomingHttpHeaders): WebhookReading;
  /**
   * Returns a payment's money, or a part of it (`amountMinor` below the payment, with a `key`);
   * refunding the same payment (or part) twice refunds it once. Every provider here takes parts.
   */
  refund(request: RefundRequest): Promise<{ readonly refundId: string }>;
  /** The payments the provider booked since then, refunded or not (reconciliation reads them). */
  listPayments?(since: Date): Promise<ProviderPayment[]>;
  /**
   * The provider's own chores (the sandbox re-sends unanswered webhooks), run by the delivery worker
   * once per poll interval on one instance of the cluster; `db` is that run's transaction.
   */
  tick?(db: Queryable): Promise<void>;
}
