import type { Locale } from '@topup/shared/rules';
import type { OrderInfo, OrderItem, OrderSeller } from '@topup/shared/types';
import type { Catalogue } from '../../../catalogue/catalogue';
import { findGameArea } from '../../../catalogue/catalogue';
import { orderItems } from '../../../fulfilment';
import { findBundle, isFinalOrderStatus, type OrderWithTimeline } from '../../../orders';
import { formatAmount, type PaymentProvider } from '../../../payments';
import type { Storefront } from '../action';
import { payUrlIn } from './pay-url';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The answer of orderInfo (and the pay centre's getOrderInfo) for one order: what a player needs
 * to follow it, and not the account uid, since anyone holding an order id may ask.
 */
/**
 * What an order delivers, as its mail does: the bundle's items when it was placed, then the bonus
 * its payment earned (the first-purchase bonus, or the repeat bonus), marked as bonus.
 */
function itemsOf(order: OrderWithTimeline['order'], catalogue: Catalogue): OrderItem[] {
  const gameArea = findGameArea(catalogue, order.game_id, order.area);
  const firstPayContent = (order.first_buy && gameArea && findBundle(gameArea, order.product_id)?.firstPayContent) || '';
  const items = orderItems(order, firstPayContent);
  const base = order.promised_items && order.promised_items.items.length > 0 ? order.promised_items.items.length : 1;
  return items.map((item, index) => ({ name: item.name, quantity: item.quantity, bonus: index >= base ? 1 : 0 }));
}

export function toOrderInfo({ order, events, jobs }: OrderWithTimeline, catalogue: Catalogue, locale: Locale, payments: PaymentProvider, seller: OrderSeller | null = null, storefront: Storefront = 'phone'): OrderInfo {
  const deliver = jobs.find((job) => job.job === 'deliver');
  const attempts = Math.max(0, deliver?.attempts ?? 0, ...events.map((event) => event.attempt ?? 0));
  const amount = (minor: number) => formatAmount(minor, order.area);
  return {
    order_id: order.order_id,
    status: order.status,
    final: isFinalOrderStatus(order.status) && jobs.length === 0 ? 1 : 0,
    game_id: order.game_id,
    area: order.area,
    game_name: catalogue.games.get(order.game_id)?.names[locale] ?? '',
    server_id: order.server_id,
    server_name: order.server_name,
    role_id: order.role_id,
    role_name: order.role_name,
    product_id: order.product_id,
    product_name: order.product_name,
    first_buy: order.first_buy ? 1 : 0,
    pay_type: order.pay_type,
    discount_code: order.discount_code,
    list_amount: amount(order.list_price_minor || order.amount_minor),
    discount_amount: amount(order.discount_minor),
    amount: amount(order.amount_minor),
    currency: order.currency === 'KRW' ? 'KRW' : 'USD',
    created_at: order.created_at.toISOString(),
    expires_at: iso(order.expires_at),
    paid_at: iso(order.paid_at),
    mail_sent_at: iso(order.mail_sent_at),
    delivered_at: iso(order.delivered_at),
    refunded_at: iso(order.refunded_at),
    delivery_attempts: attempts,
    next_attempt_at: deliver && order.status === 'delivering' ? deliver.due_at.toISOString() : null,
    pay_url: order.status === 'created' ? payUrlIn(payments.checkoutUrl(order.order_id), locale, storefront) : '',
    timeline: events.map((event) => ({
      event: event.event,
      at: event.at.toISOString(),
      attempt: event.attempt,
      next_attempt_at: iso(event.next_attempt_at),
    })),
    items: itemsOf(order, catalogue),
    seller,
  };
}
