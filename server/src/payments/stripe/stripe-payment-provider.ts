import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import type { PaymentEvent, PaymentProvider, ProviderPayment, RefundRequest, WebhookReading } from '../payment-provider';
import type { StripeSettings } from './stripe-settings';
import { resultPath, type CheckoutReturn } from '../checkout-return';

/** The order a Checkout Session is opened for, as the store prices it (never as the browser says). */
export interface CheckoutOrder {
  readonly orderId: string;
  readonly productName: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly payType: string;
  readonly locale: string;
  readonly expiresAt: Date | null;
  /** The order's how-manyth session this is: a new one after an expired one asks Stripe under a key of its own. */
  readonly attempt?: number;
  /** The storefront's result page Stripe sends the player back to (the phone's when absent). */
  readonly returnTo?: CheckoutReturn;
}

/** A session opened: where the player pays, and until when Stripe keeps it open. */
export interface OpenedCheckout {
  readonly sessionId: string;
  readonly url: string;
  readonly expiresAt: Date;
}

/** Stripe wants a session to live at least 30 minutes (and at most 24 hours). */
const MIN_SESSION_MS = 31 * 60_000;
const STRIPE_LOCALES: Readonly<Record<string, Stripe.Checkout.SessionCreateParams.Locale>> = { en: 'en', ko: 'ko', zh: 'zh' };

export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'TopUp Store' },
    ...(base ? { host: base.hostname, port: Number(base.port || (base.protocol === 'http:' ? 80 : 443)), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

/** A session's payment as the store books it: the PaymentIntent is the payment, whichever event told of it. */
function paidEvent(session: Stripe.Checkout.Session): PaymentEvent | null {
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!session.client_reference_id || !paymentIntent || session.amount_total === null || !session.currency) return null;
  return { eventId: paymentIntent, orderId: session.client_reference_id, result: 'paid', amountMinor: session.amount_total, currency: session.currency.toUpperCase() };
}

/**
 * Stripe Checkout: the player pays on Stripe's hosted page, opened per order by
 * `/payments/stripe/checkout/<order_id>` (stripe-checkout-routes.ts); Stripe's signed webhooks
 * tell the store; refunds go through the Refunds API; `reconcile` reads the sessions back.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly displayName = 'Stripe';
  /** The pay types STRIPE_PAY_METHODS maps to Stripe payment methods. */
  readonly payTypes: readonly string[];
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings, client?: Stripe) {
    this.stripe = client ?? stripeClient(settings);
    this.payTypes = Object.keys(settings.payMethods);
  }

  checkoutUrl(orderId: string): string {
    return `/payments/stripe/checkout/${encodeURIComponent(orderId)}`;
  }

  /** The hosted page of an order: the same order asks for the same session (Stripe's idempotency key). */
  async openCheckout(order: CheckoutOrder): Promise<OpenedCheckout> {
    const back = `${this.settings.publicUrl}${resultPath(order.orderId, order.returnTo)}`;
    const deadline = Math.max(order.expiresAt?.getTime() ?? 0, Date.now() + MIN_SESSION_MS);
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: order.orderId,
        metadata: { order_id: order.orderId },
        payment_intent_data: { metadata: { order_id: order.orderId } },
        line_items: [
          {
            quantity: 1,
            price_data: { currency: order.currency.toLowerCase(), unit_amount: order.amountMinor, product_data: { name: order.productName } },
          },
        ],
        allowed_payment_method_types: [...(this.settings.payMethods[order.payType] ?? ['card'])] as Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[],
        locale: STRIPE_LOCALES[order.locale] ?? 'auto',
        success_url: back,
        cancel_url: back,
        expires_at: Math.ceil(deadline / 1000),
      },
      { idempotencyKey: (order.attempt ?? 1) > 1 ? `checkout-${order.orderId}-${order.attempt}` : `checkout-${order.orderId}` },
    );
    if (!session.url) throw new Error(`Stripe gave no checkout address for ${order.orderId}`);
    const expiresAt = typeof session.expires_at === 'number' ? new Date(session.expires_at * 1000) : new Date(Math.ceil(deadline / 1000) * 1000);
    return { sessionId: session.id, url: session.url, expiresAt };
  }

  readWebhook(rawBody: string, headers: IncomingHttpHeaders): WebhookReading {
    const signature = headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, typeof signature === 'string' ? signature : '', this.settings.webhookSecret);
    } catch (error) {
      return { ok: false, reason: error instanceof Stripe.errors.StripeSignatureVerificationError ? 'signature' : 'malformed' };
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // Completed but not yet paid: an asynchronous method (a bank debit) tells later.
        if (session.payment_status !== 'paid') return { ok: true, event: null };
        const paid = paidEvent(session);
        return paid ? { ok: true, event: paid } : { ok: false, reason: 'malformed' };
      }
      case 'checkout.session.async_payment_failed': {
        const session = event.data.object;
        if (!session.client_reference_id || session.amount_total === null || !session.currency) return { ok: false, reason: 'malformed' };
        return {
          ok: true,
          event: { eventId: event.id, orderId: session.client_reference_id, result: 'declined', amountMinor: session.amount_total, currency: session.currency.toUpperCase() },
        };
      }
      default:
        // `checkout.session.expired` among them: the order expires on the store's own clock.
        return { ok: true, event: null };
    }
  }

  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const paymentIntent = request.paymentId ?? (await this.onlyPaymentOf(request.orderId));
    const refund = await this.stripe.refunds.create(
      { payment_intent: paymentIntent, amount: request.amountMinor, metadata: { order_id: request.orderId, reason: request.reason.slice(0, 450) } },
      // A part has a key of its own: two parts of the same amount are two refunds, the same part sent again is one.
      { idempotencyKey: request.key ? `refund-${paymentIntent}-${request.key}` : `refund-${paymentIntent}-${request.amountMinor}` },
    );
    return { refundId: refund.id };
  }

  async listPayments(since: Date): Promise<ProviderPayment[]> {
    const payments: ProviderPayment[] = [];
    const sessions = this.stripe.checkout.sessions.list({ created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100, expand: ['data.payment_intent.latest_charge'] });
    for await (const session of sessions) {
      if (session.payment_status !== 'paid') continue;
      const paid = paidEvent(session);
      if (!paid) continue;
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      payments.push({
        paymentId: paid.eventId,
        orderId: paid.orderId,
        result: 'paid',
        amountMinor: paid.amountMinor,
        currency: paid.currency,
        bookedAt: new Date(session.created * 1000),
        refunded: charge?.refunded ?? false,
        // Unknown without the charge: reconcile then compares nothing rather than a guess.
        ...(charge ? { refundedMinor: charge.amount_refunded } : {}),
      });
    }
    return payments;
  }

  private async onlyPaymentOf(orderId: string): Promise<string> {
    const found = await this.stripe.paymentIntents.search({ query: `metadata['order_id']:'${orderId.replace(/'/g, '')}' AND status:'succeeded'`, limit: 2 });
    if (found.data.length !== 1) throw new Error(`Stripe holds ${found.data.length} payments of ${orderId}: name the one to refund`);
    return found.data[0]!.id;
  }
}
