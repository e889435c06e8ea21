import { lazy, Suspense, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { pcpay } from '@topup/shared/pay-centre-api';
import { hasReceipt, orderResult, useOrderFollowing, type OrderFollowing, type OrderResult } from '@topup/shared/checkout';
import { OrderItems, useOrderItemsTitle } from '@topup/shared/checkout-ui';
import { DELIVERY_GUIDANCE_MINUTES } from '@topup/shared/rules';
import { toHref, useAppStore } from '@topup/shared/store';
import type { OrderInfo } from '@topup/shared/types';
import { useCustomerConfig } from '../features/customer-service/use-customer-config';
import { OrderDetails } from '../features/payment/components/OrderDetails';
import { OrderStatusLine } from '../features/payment/components/OrderStatusLine';
import { OrderTimeline } from '../features/payment/components/OrderTimeline';
import { PaymentHandOff } from '../features/payment/components/PaymentHandOff';
import { MailIcon } from '../lib/icons';
import { characterQuery, readGameChoice } from '../lib/pc-query';
import { usePcTranslation } from '../lib/use-pc-translation';
import { PayCentreFrame } from '../app/frame/PayCentreFrame';
import './pc-submit-page.css';
import './pc-pay-page.css';

/** The post-purchase offer of a paid order (decision 307): loaded only when the page shows a paid order. */
// A part that fails to load is left out: the page is about the order.
const PcPurchaseOffer = lazy(() => import(/* webpackChunkName: "pc-purchase-offer" */ '../features/payment/offer/PcPurchaseOffer').catch(() => ({ default: () => null })));

const readOrder = (orderId: string, signal: AbortSignal) => pcpay.getOrderInfo({ order_id: orderId }, signal);

/** /pcpay: the hand-off to the payment page, then the order's live progress up to delivery. */
export function PcPayPage() {
  const { t } = usePcTranslation();
  const [params] = useSearchParams();
  const orderId = (params.get('order_id') ?? '').trim();
  const game = useMemo(() => readGameChoice(params), [params]);
  const locale = useAppStore((s) => s.locale);
  const following = useOrderFollowing(orderId, readOrder, locale);
  const { order } = following;
  useCustomerConfig(order ? String(order.game_id) : game.gameId, order?.area ?? game.area);

  return (
    <PayCentreFrame step="payment" title={t('pay.title')}>
      {!orderId ? (
        <section className="pc-panel pc-no-character">
          <p>{t('pay.noOrder')}</p>
          <Link className="pc-button pc-button--primary" to="/pcIndex">
            {t('pay.backHome')}
          </Link>
        </section>
      ) : (
        <>
          {following.error !== null ? <FollowingError following={following} /> : null}
          {order ? (
            <div className="pc-checkout">
              <div className="pc-checkout__main">
                <section className="pc-panel pc-progress" aria-labelledby="pc-progress-title" data-order-id={order.order_id}>
                  <p className="pc-progress__order" id="pc-progress-title">
                    {t('pay.order', { id: order.order_id })}
                  </p>
                  <OrderStatusLine order={order} />
                  <PaymentHandOff order={order} />
                  <OrderTimeline order={order} />
                </section>
                {PAID.includes(orderResult(order)) && order.items.length > 0 ? <ArrivingItems order={order} /> : null}
                {PAID.includes(orderResult(order)) ? <Guidance /> : null}
                {PAID.includes(orderResult(order)) ? (
                  <Suspense fallback={null}>
                    <PcPurchaseOffer key={order.order_id} order={order} from={game.from} />
                  </Suspense>
                ) : null}
              </div>
              <div className="pc-pay-side">
                <OrderDetails order={order} />
                <NextSteps order={order} from={game.from} />
              </div>
            </div>
          ) : following.error === null ? (
            <div className="pc-panel pc-skeleton pc-pay-skeleton" role="status" aria-label={t('pay.loading')} />
          ) : null}
        </>
      )}
    </PayCentreFrame>
  );
}

/** Why the order could not be read, on the page (not a dialog), beside a way to ask again. */
function FollowingError({ following }: { readonly following: OrderFollowing }) {
  const { t } = usePcTranslation();
  return (
    <section className="pc-panel pc-pay-error" role="alert" data-testid="order-error">
      <p>{following.error}</p>
      <button type="button" className="pc-button pc-button--secondary" onClick={following.checkAgain}>
        {t('pay.checkAgain')}
      </button>
    </section>
  );
}

/** What the paid order delivers to the character's mailbox, the bonus too: the phone's list (shared). */
function ArrivingItems({ order }: { readonly order: OrderInfo }) {
  const title = useOrderItemsTitle();
  return (
    <section className="pc-panel pc-arriving" aria-labelledby="pc-arriving-title">
      <h2 className="pc-arriving__title" id="pc-arriving-title">
        {title}
      </h2>
      <OrderItems items={order.items} prefix="pc" labelledBy="pc-arriving-title" />
    </section>
  );
}

/** Spec §1: the 30-minute delivery guidance, with the customer-service link when there is one. */
function Guidance() {
  const { t } = usePcTranslation();
  const support = useAppStore((s) => s.customerService);
  return (
    <section className="pc-guidance">
      <MailIcon />
      <p>
        {t('pay.guidance', { minutes: DELIVERY_GUIDANCE_MINUTES })}{' '}
        {support.visible && support.url ? (
          <a className="pc-link" href={support.url} target="_blank" rel="noopener noreferrer">
            {t('pay.contact')}
          </a>
        ) : null}
      </p>
    </section>
  );
}

/** The 30-minute delivery guidance is for orders that were paid and are on their way or arrived. */
const PAID: readonly OrderResult[] = ['onItsWay', 'retrying', 'delivered'];
/** Orders that ended without items: the player tries the same bundle for the same character again. */
const STOPPED: readonly OrderResult[] = ['declined', 'expired', 'refunding', 'refunded'];

function NextSteps({ order, from }: { readonly order: OrderInfo; readonly from: string }) {
  const { t } = usePcTranslation();
  const again = characterQuery({
    gameId: String(order.game_id),
    area: order.area,
    from,
    list: '',
    serverSign: '',
    // The order does not tell the account uid; the character is enough to buy for it again.
    role: { server_id: order.server_id, server_name: order.server_name, role_id: order.role_id, role_name: order.role_name, uid: '' },
  });
  const stopped = STOPPED.includes(orderResult(order));
  return (
    <div className="pc-next-steps">
      {stopped ? (
        <Link className="pc-button pc-button--primary pc-button--block" to={toHref('/pcSubmit', { ...again, product_id: order.product_id })} data-testid="order-try-again">
          {t('pay.tryAgain')}
        </Link>
      ) : null}
      <Link className="pc-button pc-button--secondary pc-button--block" to={toHref('/pcSubmit', again)}>
        {t('pay.buyAgain')}
      </Link>
      {hasReceipt(order) ? (
        <Link className="pc-link" to={toHref('/receipt', { order_id: order.order_id, role_id: order.role_id })} data-testid="order-receipt">
          {t('pay.receipt')}
        </Link>
      ) : null}
      <Link className="pc-link" to="/orders">
        {t('pay.myOrders')}
      </Link>
      <Link className="pc-link" to={toHref('/pcIndex', { from })}>
        {t('pay.backHome')}
      </Link>
    </div>
  );
}
