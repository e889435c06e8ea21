import { Link, useSearchParams } from 'react-router-dom';
import { findOrder, formatDeadline, hasReceipt, orderResult } from '@topup/shared/checkout';
import { useQuery } from '@topup/shared/query';
import { formatPrice } from '@topup/shared/rules';
import { toHref, useAppStore } from '@topup/shared/store';
import type { OrderInfo } from '@topup/shared/types';
import { OrderFacts } from '../lib/OrderFacts';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { useTopUpTranslation } from '../lib/use-topup-translation';
import { errorText } from '../features/my-orders/error-text';
import { OrderItems } from '@topup/shared/checkout-ui';
import '../lib/order-page.css';
import '../features/my-orders/my-orders.css';
import '../features/pay-result/pay-result.css';

/**
 * /receipt?order_id=&role_id=: a printable receipt of a paid order (an unpaid one has none: the page
 * says so and leads to the order's page). It names the seller, the items and bonus delivered, the
 * pay method and when the items went out. It is read with the character's ID as well, so a
 * receipt link without it shows nobody's order.
 */
export function ReceiptPage() {
  const { t } = useTopUpTranslation();
  useScrollToTop();
  const [params] = useSearchParams();
  const locale = useAppStore((s) => s.locale);
  const orderId = (params.get('order_id') ?? '').trim();
  const roleId = (params.get('role_id') ?? '').trim();
  const read = useQuery(orderId && roleId ? `${orderId}|${roleId}|${locale}` : null, (signal) => findOrder(orderId, roleId, signal), { onError: 'page' });
  return (
    <div className="od-page mo-page mo-receipt-page" data-testid="receipt-page">
      <header className="od-header mo-no-print">
        <Link className="od-header__back" to="/orders" aria-label={t('receipt.toOrders')}>
          ‹
        </Link>
        <h1>{t('receipt.title')}</h1>
      </header>
      {!orderId || !roleId ? (
        <p className="od-card">
          {t('receipt.missing')}{' '}
          <Link className="od-link" to="/orders">
            {t('receipt.toOrders')}
          </Link>
        </p>
      ) : read.data && !hasReceipt(read.data) ? (
        <p className="od-card" data-testid="receipt-not-paid">
          {t('receipt.notPaid')}{' '}
          <Link className="od-link" to={toHref('/payResult', { order_id: read.data.order_id })}>
            {t('receipt.orderPage')}
          </Link>
        </p>
      ) : read.data ? (
        <Receipt order={read.data} locale={locale} />
      ) : read.error ? (
        <div className="od-card" role="alert">
          <p>{errorText(read.error, t('myOrders.row.failed', { id: orderId }))}</p>
          <button type="button" className="od-button od-button--ghost" onClick={read.retry}>
            {t('action.retry', { ns: 'common' })}
          </button>
        </div>
      ) : (
        <p className="od-card" role="status">
          {t('receipt.loading')}
        </p>
      )}
    </div>
  );
}

function Receipt({ order, locale }: { readonly order: OrderInfo; readonly locale: string }) {
  const { t } = useTopUpTranslation();
  const discounted = order.discount_code !== '' && order.discount_amount !== '0.00' && order.discount_amount !== '0';
  const when = (label: string, iso: string | null): Array<[string, string]> => (iso ? [[label, formatDeadline(iso, locale)]] : []);
  const facts: Array<[string, string]> = [
    ...(order.seller ? ([[t('receipt.seller'), `${order.seller.name}, ${order.seller.address}`]] as Array<[string, string]>) : []),
    [t('receipt.order'), order.order_id],
    [t('receipt.date'), formatDeadline(order.created_at, locale)],
    ...when(t('receipt.paid'), order.paid_at),
    ...when(t('receipt.delivered'), order.delivered_at),
    [t('receipt.game'), order.game_name],
    [t('receipt.character'), t('myOrders.row.character', { name: order.role_name, id: order.role_id, server: order.server_name })],
    [t('receipt.bundle'), order.product_name],
    [t('receipt.listPrice'), formatPrice(order.list_amount, order.area)],
    ...(discounted ? ([[t('receipt.discount', { code: order.discount_code }), `−${formatPrice(order.discount_amount, order.area)}`]] as Array<[string, string]>) : []),
    [t('receipt.amount'), `${formatPrice(order.amount, order.area)} ${order.currency}`],
    [t('receipt.payMethod'), t(`receipt.pay.${order.pay_type}`, { defaultValue: order.pay_type })],
    [t('receipt.status'), t(`payResult.state.${orderResult(order)}`)],
  ];
  return (
    <article className="od-card mo-receipt" aria-labelledby="mo-receipt-store">
      <p className="mo-receipt__store" id="mo-receipt-store">
        {t('receipt.store')} · {t('receipt.title')}
      </p>
      <OrderFacts facts={facts} testId="receipt-facts" />
      {order.items.length > 0 ? (
        <section className="pr-items-card" aria-labelledby="mo-receipt-items">
          <h2 id="mo-receipt-items">{t('receipt.items')}</h2>
          <OrderItems items={order.items} prefix="pr" labelledBy="mo-receipt-items" />
        </section>
      ) : null}
      <p className="mo-muted">{t('receipt.footer')}</p>
      <button type="button" className="od-button od-button--secondary mo-no-print" onClick={() => window.print()}>
        {t('receipt.print')}
      </button>
    </article>
  );
}
