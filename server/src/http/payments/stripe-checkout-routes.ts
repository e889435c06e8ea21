import type { FastifyInstance } from 'fastify';
import { isLocale, localeForArea } from '@topup/shared/rules';
import type { Db } from '../../db/db';
import { readOrder } from '../../orders';
import { StripePaymentProvider } from '../../payments';
import type { StripeSettings } from '../../payments';
import { checkoutReturn, keepCheckoutSession, lastCheckoutSession, resultPath } from '../../payments';
import { clientAddressOf, registerCounters } from '../web/request-counters';

/** Visits of checkout addresses per client address and minute: enough for reloads and tabs, not for a flood. */
const CHECKOUT_VISITS_PER_MINUTE = 30;

export interface StripeCheckoutRoutesOptions {
  readonly db: Db;
  readonly provider: StripePaymentProvider;
}

/**
 * `GET /payments/stripe/checkout/<order_id>` (the order's `pay_url`): an order that can still be paid
 * goes to its Stripe Checkout page, at the amount the store priced; any other order goes to its
 * result page, which says what became of it. `?lang=` picks the page's language (else the area's);
 * `?return=pcpay` (the pay centre's orders) comes back to the pay centre's result page.
 */
export async function stripeCheckoutRoutes(app: FastifyInstance, { db, provider }: StripeCheckoutRoutesOptions): Promise<void> {
  await registerCounters(app, 'stripe-checkout');
  const route = { config: { rateLimit: { max: CHECKOUT_VISITS_PER_MINUTE, timeWindow: 60_000, keyGenerator: clientAddressOf } } };
  app.get<{ Params: { orderId: string }; Querystring: { lang?: string; return?: string } }>('/payments/stripe/checkout/:orderId', route, async (request, reply) => {
    const orderId = request.params.orderId;
    const returnTo = checkoutReturn(request.query.return);
    const result = resultPath(orderId, returnTo);
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(orderId)) return reply.redirect(result, 303);
    const order = await readOrder(db, orderId);
    const payable = order && order.status === 'created' && order.payment_provider === provider.name && (!order.expires_at || order.expires_at > new Date());
    if (!order || !payable) return reply.redirect(result, 303);
    // The session already opened for the order, while it is open: no call to Stripe for a reload or a second tab.
    const last = await lastCheckoutSession(db, order.order_id);
    if (last?.open) return reply.redirect(last.url, 303);
    const lang = request.query.lang;
    try {
      const attempt = last ? last.attempt + 1 : 1;
      const opened = await provider.openCheckout({
        orderId: order.order_id,
        productName: order.product_name,
        amountMinor: order.amount_minor,
        currency: order.currency,
        payType: order.pay_type,
        locale: isLocale(lang) ? lang : localeForArea(order.area),
        expiresAt: order.expires_at,
        attempt,
        returnTo,
      });
      await keepCheckoutSession(db, order.order_id, { ...opened, attempt });
      return reply.redirect(opened.url, 303);
    } catch (error) {
      request.log.error({ orderId, err: error }, 'Stripe checkout could not be opened');
      return reply.code(502).type('text/plain; charset=utf-8').send('The payment page could not be opened. Please try again in a moment.');
    }
  });
}

/** The Stripe provider with its checkout route, when `PAYMENT_PROVIDER=stripe`. */
export async function installStripePayments(app: FastifyInstance, { db, settings }: { readonly db: Db; readonly settings: StripeSettings }): Promise<StripePaymentProvider> {
  const provider = new StripePaymentProvider(settings);
  await app.register(stripeCheckoutRoutes, { db, provider });
  return provider;
}
