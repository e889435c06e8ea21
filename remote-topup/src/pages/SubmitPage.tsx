import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CHECKOUT_NAMESPACE, checkDiscountCode, checkoutKeepKey, createOrder, methodPriceText, useSubmitStep } from '@topup/shared/checkout';
import { AgreementCheckbox, PayMethodList, ReceiptEmailField, SecureCheckoutNote } from '@topup/shared/checkout-ui';
import { bundleSubtitle, formatPrice } from '@topup/shared/rules';
import { toHref } from '@topup/shared/store';
import { useGameCustomerService } from '../lib/use-game-customer-service';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { useTopUpTranslation } from '../lib/use-topup-translation';
import { goToPayment } from '../features/submit/hooks/use-submit-order';
import { useConfirmedOrder, type OrderCheck } from '../features/submit/hooks/use-confirmed-order';
import { readSubmitOrderQuery, type SubmitOrderQuery } from '../features/submit/submit-order-query';
import { DiscountCodeField } from '../features/submit/components/DiscountCodeField';
import { OrderSummary } from '../features/submit/components/OrderSummary';
import '../lib/order-page.css';
import '../features/submit/submit-page.css';

/** /submit: the order summary, pay method, discount code and agreement, then payment. */
export function SubmitPage() {
  const [params] = useSearchParams();
  useScrollToTop();
  const query = params.toString();
  const order = useMemo(() => readSubmitOrderQuery(new URLSearchParams(query)), [query]);
  if (!order) return <NothingToOrder gameId={params.get('game_id') ?? ''} area={params.get('area') ?? ''} />;
  return <SubmitOrderForm key={query} order={order} />;
}

/** The order as the page shows it: the store's bundle and character once confirmed, the link's until then. */
function shownOrder(order: SubmitOrderQuery, check: OrderCheck): SubmitOrderQuery {
  if (check.status !== 'confirmed') return order;
  const { bundle, role } = check;
  return {
    ...order,
    productName: bundle.product_name,
    productFileUrl: bundle.product_file_url,
    amount: bundle.amount,
    firstBuy: bundle.first_buy === 1,
    subtitle: bundleSubtitle(bundle, false),
    limitProgress: bundle.role_buy_limit_progress,
    role,
  };
}

function SubmitOrderForm({ order: linked }: { readonly order: SubmitOrderQuery }) {
  const { t } = useTopUpTranslation();
  const { tabData, check, retry } = useConfirmedOrder(linked);
  const order = shownOrder(linked, check);
  useGameCustomerService(order.gameId, order.area);
  const offeredTypes = tabData?.pay_type_list ?? [];
  // The store's bundle and character, the player's choices (kept for the tab's session: reload, Back) and Pay.
  const step = useSubmitStep({
    keepKey: checkoutKeepKey('topup', { gameId: order.gameId, area: order.area, role: order.role, productId: order.productId }),
    gameId: order.gameId,
    area: order.area,
    role: order.role,
    bundle: { product_id: order.productId, amount: order.amount },
    payTypes: offeredTypes,
    checkCode: checkDiscountCode,
    send: (payload) => createOrder(payload),
    onPlaced: (placed) => goToPayment.assign(placed.pay_url),
  });
  const { payMethod, discount, receipt, agreement, placing } = step;
  const payType = payMethod.chosen;
  // pmx_show 0: the store picks the method; the page shows it without a choice.
  const payTypes = order.pmxShow ? offeredTypes : offeredTypes.filter((type) => type.pay_type === payType);
  const applied = discount.applied;
  const total = formatPrice(step.total, order.area);

  return (
    <div className="od-page" data-testid="submit-page">
      <header className="od-header">
        <Link className="od-header__back" to={toHref('/', { game_id: order.gameId, area: order.area })} aria-label={t('submit.backToStore')}>
          ‹
        </Link>
        <h1>{t('submit.title')}</h1>
      </header>
      <OrderSummary order={order} gameName={tabData?.game.game_name ?? ''} confirmed={check.status === 'confirmed'} />
      {check.status === 'confirmed' && check.changed ? (
        <p className="od-card od-notice" role="status" data-testid="submit-store-values">
          {t('submit.storeValues')}
        </p>
      ) : null}
      <PayMethodList prefix="od" methods={payTypes} chosen={payType} onChoose={payMethod.choose} loading={!tabData} priceOf={(method) => methodPriceText(order.amount, method.price_percent, order.area)} />
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
      <section className="od-card">
        <ReceiptEmailField prefix="od" receipt={receipt} />
      </section>
      <AgreementCheckbox
        prefix="od"
        agreed={agreement.agreed}
        error={agreement.missing ? t('validation.agreeProtocol', { ns: CHECKOUT_NAMESPACE }) : null}
        onChange={agreement.agree}
      />
      <p className="od-note">{t('submit.priceNote')}</p>
      <SecureCheckoutNote prefix="od" provider={tabData?.pay_provider} />
      <div className="od-paybar" data-testid="submit-paybar" data-check={check.status}>
        {check.status === 'confirmed' ? (
          <>
            <p className="od-paybar__total">
              <span>{t('submit.total')}</span>
              <strong data-testid="submit-total">{total}</strong>
            </p>
            <button className="od-button od-button--primary" type="button" onClick={() => void step.pay()} disabled={placing || !payType}>
              {placing ? t('submit.placing') : t('submit.pay', { price: total })}
            </button>
          </>
        ) : (
          <UnconfirmedOrder check={check} retry={retry} gameId={order.gameId} area={order.area} />
        )}
      </div>
    </div>
  );
}

/** Instead of Pay, until the store confirmed the order: why, and the way on. */
function UnconfirmedOrder({ check, retry, gameId, area }: { readonly check: OrderCheck; readonly retry: () => void; readonly gameId: string; readonly area: string }) {
  const { t } = useTopUpTranslation();
  if (check.status === 'checking') {
    return (
      <p className="od-paybar__status" role="status">
        {t('submit.confirming')}
      </p>
    );
  }
  if (check.status === 'failed') {
    return (
      <>
        <p className="od-paybar__status" role="alert">
          {t('submit.confirmFailed')}
        </p>
        <button className="od-button od-button--primary" type="button" onClick={retry}>
          {t('action.retry', { ns: 'common' })}
        </button>
      </>
    );
  }
  return (
    <>
      <p className="od-paybar__status" role="alert">
        {check.status === 'notOnSale' ? t('submit.notOnSale') : check.status === 'characterRefused' ? check.message : ''}
      </p>
      <Link className="od-button od-button--primary" to={toHref('/', { game_id: gameId, area })}>
        {t('submit.backToStore')}
      </Link>
    </>
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
