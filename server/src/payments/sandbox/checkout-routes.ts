import type { FastifyInstance, FastifyReply } from 'fastify';
import formBody from '@fastify/formbody';
import { localeForArea, type Locale } from '@topup/shared/rules';
import { formatAmount } from '../../api/family-a/get-pay-price';
import { localeFromHeader } from '../../api/request-locale';
import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import { findGameArea } from '../../catalogue/catalogue';
import type { Db } from '../../db/db';
import { readOrder, type OrderRow } from '../../orders/read-order';
import type { CheckoutText } from './checkout-strings';
import { renderCheckoutPage, renderUnknownOrderPage } from './checkout-page';
import type { SandboxPaymentProvider } from './sandbox-payment-provider';

export interface CheckoutRoutesOptions {
  readonly db: Db;
  readonly catalogue: CatalogueCache;
  readonly provider: SandboxPaymentProvider;
  readonly expiresAfterMs: number;
}

const ORDER_ID = /^[A-Za-z0-9_-]{1,128}$/;

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

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/**
 * The sandbox provider's checkout: `GET /sandbox/checkout/<order_id>` shows the amount with Pay and
 * Decline; the form posts `result=paid|declined` back, the sandbox books it and sends the store its
 * signed webhook over HTTP, then sends the player to `/#/payResult?order_id=<id>`.
 */
export async function checkoutRoutes(app: FastifyInstance, options: CheckoutRoutesOptions): Promise<void> {
  const { db, catalogue, provider } = options;
  await app.register(formBody, { bodyLimit: 1024 });
  const expiryMinutes = Math.round(options.expiresAfterMs / 60_000);

  const load = async (orderId: string) => (ORDER_ID.test(orderId) ? readOrder(db, orderId) : null);
  const localeOf = (order: OrderRow | null, header: string | undefined): Locale =>
    order ? localeForArea(order.area) : (localeFromHeader(header) ?? 'en');

  app.get<{ Params: { orderId: string } }>('/sandbox/checkout/:orderId', async (request, reply) => {
    const order = await load(request.params.orderId);
    const locale = localeOf(order, request.headers['accept-language']);
    if (!order) return sendHtml(reply, 404, renderUnknownOrderPage(locale));
    const current = await catalogue.get();
    const payType = findGameArea(current, order.game_id, order.area)?.payTypes.find((type) => type.payType === order.pay_type);
    return sendHtml(
      reply,
      200,
      renderCheckoutPage({
        locale,
        orderId: order.order_id,
        gameName: current.games.get(order.game_id)?.names[locale] ?? String(order.game_id),
        productName: order.product_name,
        character: `${order.server_name} · ${order.role_name} (${order.role_id})`,
        payMethod: payType?.name ?? order.pay_type,
        area: order.area,
        amount: formatAmount(order.amount_minor, order.area),
        discount: formatAmount(order.discount_minor, order.area),
        closedReason: closedReason(order),
        expiryMinutes,
      }),
    );
  });

  app.post<{ Params: { orderId: string }; Body: Record<string, unknown> | undefined }>('/sandbox/checkout/:orderId', async (request, reply) => {
    const order = await load(request.params.orderId);
    if (!order) return sendHtml(reply, 404, renderUnknownOrderPage(localeOf(null, request.headers['accept-language'])));
    const result = request.body?.result;
    if (result !== 'paid' && result !== 'declined') return reply.code(400).send({ error: 'result must be paid or declined' });
    // The page no longer offers the buttons once the order is closed; a stale form changes nothing.
    if (closedReason(order) === null) {
      await provider.settle({ orderId: order.order_id, amountMinor: order.amount_minor, currency: order.currency }, result);
    }
    return reply.code(303).header('location', `/#/payResult?order_id=${encodeURIComponent(order.order_id)}`).send();
  });
}
