import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import formBody from '@fastify/formbody';
import { isLocale, localeForArea, type Locale } from '@topup/shared/rules';
import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import { findGameArea } from '../../catalogue/catalogue';
import type { Db } from '../../db/db';
import { readOrder, type OrderRow } from '../../orders';
import { checkoutReturn, formatAmount, resultPath } from '../../payments';
import { localeFromHeader } from '../web/accept-language';
import type { CheckoutText } from '../../sandbox/payments/checkout-strings';
import { renderCheckoutPage, renderUnknownOrderPage } from '../../sandbox/payments/checkout-page';
import type { SandboxPaymentProvider } from '../../sandbox/payments/sandbox-payment-provider';

export interface CheckoutRoutesOptions {
  readonly db: Db;
  readonly catalogue: CatalogueCache;
  readonly provider: SandboxPaymentProvider;
  readonly expiresAfterMs: number;
}

const ORDER_ID = /^[A-Za-z0-9_-]{1,128}$/;
const ATTEMPT = /^[A-Za-z0-9-]{1,64}$/;

function closedReason(order: OrderRow): CheckoutText | null {
  const expired = order.status === 'expired' || (order.status === 'created' && order.expires_at !== null && order.expires_at <= new Date());
  if (expired) return 'status_expired';
  switch (order.status) {
    case 'created':
      return null;
    case 'declined':
      return 'status_declined';
    case 'paid':
      return 'status_paid';
    case 'delivering':
    case 'delivered':
      return 'status_done';
    default:
      return 'notPayable';
  }
}

/**
 * The sandbox provider's checkout: `GET /sandbox/checkout/<order_id>` shows the amount with Pay and
 * Decline; the form posts `result=paid|declined` back, the sandbox books it and sends the store its
 * signed webhook over HTTP, then sends the player to the order's result page: `/#/payResult?order_id=<id>`,
 * or `/#/pcpay?…` for the pay centre's orders (their pay_url says `return=pcpay`; the form carries it).
 */
export async function checkoutRoutes(app: FastifyInstance, options: CheckoutRoutesOptions): Promise<void> {
  const { db, catalogue, provider } = options;
  await app.register(formBody, { bodyLimit: 1024 });
  const expiryMinutes = Math.round(options.expiresAfterMs / 60_000);

  const load = async (orderId: string) => (ORDER_ID.test(orderId) ? readOrder(db, orderId) : null);
  // The store's link names the player's language (`?lang=`); else the order's area, else the browser's.
  const localeOf = (order: OrderRow | null, header: string | undefined, lang?: string): Locale =>
    isLocale(lang) ? lang : order ? localeForArea(order.area) : (localeFromHeader(header) ?? 'en');

  app.get<{ Params: { orderId: string }; Querystring: { lang?: string; return?: string } }>('/sandbox/checkout/:orderId', async (request, reply) => {
    const order = await load(request.params.orderId);
    const locale = localeOf(order, request.headers['accept-language'], request.query.lang);
    if (!order) return reply.sendHtml(renderUnknownOrderPage(locale), 404);
    const current = await catalogue.get();
    const payType = findGameArea(current, order.game_id, order.area)?.payTypes.find((type) => type.payType === order.pay_type);
    return reply.sendHtml(
      renderCheckoutPage({
        locale,
        orderId: order.order_id,
        attempt: randomUUID(),
        gameName: current.games.get(order.game_id)?.names[locale] ?? String(order.game_id),
        productName: order.product_name,
        character: `${order.server_name} · ${order.role_name} (${order.role_id})`,
        payMethod: payType?.name ?? order.pay_type,
        area: order.area,
        amount: formatAmount(order.amount_minor, order.area),
        discount: formatAmount(order.discount_minor, order.area),
        closedReason: closedReason(order),
        expiryMinutes,
        returnTo: checkoutReturn(request.query.return),
      }),
    );
  });

  app.post<{ Params: { orderId: string }; Body: Record<string, unknown> | undefined }>('/sandbox/checkout/:orderId', async (request, reply) => {
    const order = await load(request.params.orderId);
    if (!order) return reply.sendHtml(renderUnknownOrderPage(localeOf(null, request.headers['accept-language'])), 404);
    const result = request.body?.result;
    if (result !== 'paid' && result !== 'declined') return reply.code(400).send({ error: 'result must be paid or declined' });
    // Each rendering of the page is one checkout attempt: pressed twice it pays once, two tabs pay twice.
    const attempt = request.body?.attempt;
    if (attempt !== undefined && (typeof attempt !== 'string' || !ATTEMPT.test(attempt))) {
      return reply.code(400).send({ error: 'attempt must be the checkout page\'s own value' });
    }
    // The page no longer offers the buttons once the order is closed, but a second tab opened before
    // still can: its Pay charges again, as a real provider's second checkout session would (the store
    // refunds the duplicate). A form without its attempt, or a Decline, changes nothing then.
    if (closedReason(order) === null || (result === 'paid' && attempt !== undefined)) {
      await provider.settle({ orderId: order.order_id, amountMinor: order.amount_minor, currency: order.currency }, result, attempt);
    }
    return reply.code(303).header('location', resultPath(order.order_id, checkoutReturn(request.body?.return))).send();
  });
}
