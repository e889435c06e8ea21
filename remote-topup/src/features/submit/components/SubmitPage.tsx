import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { checkDiscountCode } from '@topup/shared/api';
import { useDiscountCode, usePayMethod } from '@topup/shared/checkout';
import { AgreementCheckbox, PayMethodList } from '@topup/shared/checkout-ui';
import { formatPrice } from '@topup/shared/rules';
import { toHref } from '@topup/shared/store';
import { useGameCustomerService } from '../../../lib/use-game-customer-service';
import { useScrollToTop } from '../../../lib/use-scroll-to-top';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { useSubmitOrder } from '../hooks/use-submit-order';
import { useSubmitStorefront } from '../hooks/use-submit-storefront';
import { readSubmitOrderQuery, type SubmitOrderQuery } from '../submit-order-query';
import { DiscountCodeField } from './DiscountCodeField';
import { OrderSummary } from './OrderSummary';
import '../../../lib/order-page.css';
import '../submit-page.css';

/** /submit: the order summary, pay method, discount code and agreement, then payment. */
export function SubmitPage() {
  const [params] = useSearchParams();
  useScrollToTop();
  const query = params.toString();
  const order = useMemo(() => readSubmitOrderQuery(new URLSearchParams(query)), [query]);
  if (!order) return <NothingToOrder gameId={params.get('game_id') ?? ''} area={params.get('area') ?? ''} />;
  return <SubmitOrderForm key={query} order={order} />;
}

function SubmitOrderForm({ order }: { readonly order: SubmitOrderQuery }) {
  const { t } = useTopUpTranslation();
  const storefront = useSubmitStorefront(order.gameId, order.area);
  useGameCustomerService(order.gameId, order.area);
  const payMethod = usePayMethod(storefront.payTypes);
  const payType = payMethod.chosen;
  // pmx_show 0: the store picks the method; the page shows it without a choice.
  const payTypes = order.pmxShow ? storefront.payTypes : storefront.payTypes.filter((type) => type.pay_type === payType);
  const discount = useDiscountCode({ gameId: order.gameId, area: order.area, roleId: order.role.role_id, productId: order.productId, check: checkDiscountCode });
  const [agreed, setAgreed] = useState(false);
  const applied = discount.applied;
  const { submit, placing } = useSubmitOrder({
    game_id: order.gameId,
    area: order.area,
    server_id: order.role.server_id,
    role_id: order.role.role_id,
    uid: order.role.uid,
    product_id: order.productId,
    pay_type: payType,
    discount_code: applied?.discount_code ?? '',
  });
  const total = formatPrice(applied ? applied.amount : order.amount, order.area);
  const pay = () => void submit(agreed);

  return (
    <div className="od-page" data-testid="submit-page">
      <header className="od-header">
        <Link className="od-header__back" to={toHref('/', { game_id: order.gameId, area: order.area })} aria-label={t('submit.backToStore')}>
          ‹
        </Link>
        <h1>{t('submit.title')}</h1>
      </header>
      <OrderSummary order={order} gameName={storefront.gameName} />
      <PayMethodList prefix="od" methods={payTypes} chosen={payType} onChoose={payMethod.choose} loading={!storefront.loaded} />
      <DiscountCodeField discount={discount} area={order.area} />
      {applied ? (
        <section className="od-card od-totals" aria-label={t('submit.total')}>
          <dl>
            <div>
              <dt>{t('submit.subtotal')}</dt>
              <dd>{formatPrice(applied.list_amount, order.area)}</dd>
            </div>
            <div>
              <dt>{t('submit.saving')}</dt>
              <dd className="od-totals__saving">−{formatPrice(applied.discount_amount, order.area)}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <AgreementCheckbox prefix="od" agreed={agreed} onChange={setAgreed} />
      <p className="od-note">{t('submit.priceNote')}</p>
      <div className="od-paybar">
        <p className="od-paybar__total">
          <span>{t('submit.total')}</span>
          <strong data-testid="submit-total">{total}</strong>
        </p>
        <button className="od-button od-button--primary" type="button" onClick={pay} disabled={placing || !payType}>
          {placing ? t('submit.placing') : t('submit.pay', { price: total })}
        </button>
      </div>
    </div>
  );
}

function NothingToOrder({ gameId, area }: { readonly gameId: string; readonly area: string }) {
  const { t } = useTopUpTranslation();
  return (
    <div className="od-page">
      <section className="od-card od-empty">
        <h1>{t('submit.title')}</h1>
        <p>{t('submit.nothing')}</p>
        <Link className="od-button od-button--primary" to={toHref('/', { game_id: gameId, area })}>
          {t('submit.backToStore')}
        </Link>
      </section>
    </div>
  );
}
