import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DELIVERY_GUIDANCE_MINUTES, toHref, useAppStore, type OrderInfo } from '@topup/shared';
import { useCustomerConfig } from '../../features/customer-service/use-customer-config';
import { OrderDetails } from '../../features/payment/components/OrderDetails';
import { OrderStatusLine } from '../../features/payment/components/OrderStatusLine';
import { OrderTimeline } from '../../features/payment/components/OrderTimeline';
import { PaymentHandOff } from '../../features/payment/components/PaymentHandOff';
import { useOrderProgress } from '../../features/payment/hooks/use-order-progress';
import { MailIcon } from '../../lib/icons';
import { characterQuery, readGameChoice } from '../../lib/pc-query';
import { usePcTranslation } from '../../lib/use-pc-translation';
import { PayCentreFrame } from '../frame/PayCentreFrame';
import '../submit/submit.css';
import './pay.css';

/** /pcpay: the hand-off to the payment page, then the order's live progress up to delivery. */
export function PcPayment() {
  const { t } = usePcTranslation();
  const [params] = useSearchParams();
  const orderId = (params.get('order_id') ?? '').trim();
  const game = useMemo(() => readGameChoice(params), [params]);
  const locale = useAppStore((s) => s.locale);
  const order = useOrderProgress(orderId, locale);
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
      ) : !order ? (
        <div className="pc-panel pc-skeleton pc-pay-skeleton" role="status" aria-label={t('pay.loading')} />
      ) : (
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
            <Guidance />
          </div>
          <div className="pc-pay-side">
            <OrderDetails order={order} />
            <NextSteps order={order} from={game.from} />
          </div>
        </div>
      )}
    </PayCentreFrame>
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
  return (
    <div className="pc-next-steps">
      <Link className="pc-button pc-button--secondary pc-button--block" to={toHref('/pcSubmit', again)}>
        {t('pay.buyAgain')}
      </Link>
      <Link className="pc-link" to={toHref('/pcIndex', { from })}>
        {t('pay.backHome')}
      </Link>
    </div>
  );
}
