import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { getOrderInfo, hasReceipt, orderResult, orderSteps, useOrderFollowing, type OrderResult } from '@topup/shared/checkout';
import { OrderItems, useOrderItemsTitle } from '@topup/shared/checkout-ui';
import { DELIVERY_GUIDANCE_MINUTES } from '@topup/shared/rules';
import { toHref, useAppStore } from '@topup/shared/store';
import type { OrderInfo } from '@topup/shared/types';
import { QuietBoundary } from '../lib/QuietBoundary';
import { useGameCustomerService } from '../lib/use-game-customer-service';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { useTopUpTranslation } from '../lib/use-topup-translation';
import { DeliveryProgress } from '../features/pay-result/components/DeliveryProgress';
import { OrderHistory } from '../features/pay-result/components/OrderHistory';
import { StatusCard } from '../features/pay-result/components/StatusCard';
import '../lib/order-page.css';
import '../features/pay-result/pay-result.css';

/** /payResult?order_id=: the order's state, delivery progress and history, asked until it is final. */
export function PayResultPage() {
  const { t } = useTopUpTranslation();
  const [params] = useSearchParams();
  useScrollToTop();
  const orderId = (params.get('order_id') ?? '').trim();
  const locale = useAppStore((s) => s.locale);
  const polling = useOrderFollowing(orderId, getOrderInfo, locale);
  const { order } = polling;

  return (
    <div className="od-page" data-testid="pay-result" data-polling={polling.finished ? 'stopped' : 'running'}>
      <header className="od-header">
        <h1>{t('payResult.title')}</h1>
      </header>
      {!orderId ? <p className="od-card pr-message">{t('payResult.noOrder')}</p> : null}
      {orderId && !order && !polling.error ? (
        <p className="od-card pr-message" role="status">
          {t('payResult.loading')}
        </p>
      ) : null}
      {polling.error ? (
        <div className="od-card pr-message" role="alert">
          <p>{polling.error}</p>
          {polling.finished ? (
            <button className="od-button od-button--ghost" type="button" onClick={polling.checkAgain}>
              {t('payResult.checkAgain')}
            </button>
          ) : null}
        </div>
      ) : null}
      {order ? <OrderView order={order} /> : null}
    </div>
  );
}

/** The post-purchase offer: loaded only when a result page shows a paid order (decision 307). */
const PostPurchaseOffer = lazy(() => import(/* webpackChunkName: "purchase-offer" */ '../features/pay-result/offer/PostPurchaseOffer'));

/** Paid orders: the delivery guidance applies. */
const PAID: readonly OrderResult[] = ['onItsWay', 'retrying', 'delivered'];
/** Orders that ended without delivering: the player may place the same order again. */
const STOPPED: readonly OrderResult[] = ['declined', 'expired', 'refunding', 'refunded'];

/**
 * The same bundle for the same character, on /submit: the page confirms both with the store (decision
 * 203), so the order's own facts are enough (it does not carry the account uid; the lookup gives it).
 */
function tryAgainQuery(order: OrderInfo): Record<string, string | number> {
  return {
    game_id: order.game_id,
    area: order.area,
    product_id: order.product_id,
    product_name: order.product_name,
    amount: order.list_amount,
    roleInfo: JSON.stringify({ server_name: order.server_name, role_id: order.role_id, role_name: order.role_name, uid: '', server_id: order.server_id }),
    server_sign: '',
  };
}

function expiryMinutes(order: OrderInfo): number {
  if (!order.expires_at) return 30;
  return Math.round((Date.parse(order.expires_at) - Date.parse(order.created_at)) / 60_000);
}

function OrderView({ order }: { readonly order: OrderInfo }) {
  const { t } = useTopUpTranslation();
  const customerService = useGameCustomerService(String(order.game_id), order.area);
  const itemsTitle = useOrderItemsTitle();
  const state = orderResult(order);
  return (
    <>
      <StatusCard order={order} state={state} expiryMinutes={expiryMinutes(order)} />
      {PAID.includes(state) && order.items.length > 0 ? (
        <section className="od-card pr-items-card" aria-labelledby="pr-items-title">
          <h2 id="pr-items-title">{itemsTitle}</h2>
          <OrderItems items={order.items} prefix="pr" labelledBy="pr-items-title" />
        </section>
      ) : null}
      {PAID.includes(state) ? (
        <QuietBoundary>
          <Suspense fallback={null}>
            <PostPurchaseOffer key={order.order_id} order={order} paid />
          </Suspense>
        </QuietBoundary>
      ) : null}
      <DeliveryProgress steps={orderSteps(order)} />
      <section className="od-card pr-guidance">
        {PAID.includes(state) ? <p>{t('payResult.guidance', { minutes: DELIVERY_GUIDANCE_MINUTES })}</p> : null}
        {customerService ? (
          <a className="od-link" href={customerService} target="_blank" rel="noopener noreferrer" data-testid="order-customer-service">
            {t('payResult.customerService')}
          </a>
        ) : null}
      </section>
      <div className="pr-actions">
        {order.pay_url ? (
          <a className="od-button od-button--primary" href={order.pay_url}>
            {t('payResult.payNow')}
          </a>
        ) : null}
        {STOPPED.includes(state) ? (
          <Link className="od-button od-button--primary" to={toHref('/submit', tryAgainQuery(order))} data-testid="order-try-again">
            {t('payResult.tryAgain')}
          </Link>
        ) : null}
        <Link className="od-button od-button--ghost" to={toHref('/', { game_id: order.game_id, area: order.area, finish_pay: 1 })}>
          {t('payResult.backToStore')}
        </Link>
      </div>
      <nav className="pr-more" aria-label={t('payResult.more')}>
        {hasReceipt(order) ? (
          <Link className="od-link" to={toHref('/receipt', { order_id: order.order_id, role_id: order.role_id })} data-testid="order-receipt">
            {t('payResult.receipt')}
          </Link>
        ) : null}
        <Link className="od-link" to="/orders">
          {t('payResult.myOrders')}
        </Link>
      </nav>
      <OrderHistory order={order} />
    </>
  );
}
