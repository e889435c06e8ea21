import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CHECKOUT_NAMESPACE, checkDiscountCode, checkoutKeepKey, createOrder, methodPriceText, useSubmitStep } from '@topup/shared/checkout';
import { AgreementCheckbox, PayMethodList, PriceChangeNotice, PurchaseLimitNote, ReceiptEmailField, SecureCheckoutNote, useLimitReachedLabel, useMethodFeeLabel } from '@topup/shared/checkout-ui';
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
  const { tabData, check, retry, reprice } = useConfirmedOrder(linked);
  const order = shownOrder(linked, check);
  const confirmedBundle = check.status === 'confirmed' ? check.bundle : null;
  const feeLabel = useMethodFeeLabel();
  const limitLabel = useLimitReachedLabel();
  useGameCustomerService(order.gameId, order.area);
  const offeredTypes = tabData?.pay_type_list ?? [];
  // The store's bundle and character, the player's choices (kept for the tab's session: reload, Back) and Pay.
  const step = useSubmitStep({
    keepKey: checkoutKeepKey('topup', { gameId: order.gameId, area: order.area, role: order.role, productId: order.productId }),
    gameId: order.gameId,
    area: order.area,
    role: order.role,
    // The store's bundle once it answered (its price, the character's purchases of it).
    bundle: confirmedBundle ?? { product_id: order.productId, amount: order.amount },
    // The price on the shelf the player tapped (the link's): a store price that differs is named. A link
    // naming the bundle otherwise was not written by this shelf (forged, or another language): its price is not repeated.
    chosenAt: confirmedBundle && confirmedBundle.product_name === linked.productName ? linked.amount : undefined,
    priced: confirmedBundle !== null,
    reprice,
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
  const priceChange = check.status === 'confirmed' ? step.priceChange : null;
  const limitReached = check.status === 'confirmed' && step.limitReached;
  const methodName = offeredTypes.find((type) => type.pay_type === payType)?.name ?? '';

  return (
    <div className="od-page" data-testid="submit-page">
      <header className="od-header">
        <Link className="od-header__back" to={toHref('/', { game_id: order.gameId, area: order.area })} aria-label={t('submit.backToStore')}>
          ‹
        </Link>
        <h1>{t('submit.title')}</h1>
      </header>
      <OrderSummary order={order} gameName={tabData?.game.game_name ?? ''} confirmed={check.status === 'confirmed'} />
      {priceChange ? (
        <PriceChangeNotice
          prefix="od"
          area={order.area}
          change={priceChange}
          back={
            <Link className="od-button od-button--ghost" to={toHref('/', { game_id: order.gameId, area: order.area })}>
              {t('submit.backToStore')}
            </Link>
          }
        />
      ) : null}
      {limitReached ? <PurchaseLimitNote prefix="od" progress={order.limitProgress} /> : null}
      {check.status === 'confirmed' && check.changed && !priceChange ? (
        <p className="od-card od-notice" role="status" data-testid="submit-store-values">
          {t('submit.storeValues')}
        </p>
      ) : null}
      <PayMethodList prefix="od" methods={payTypes} chosen={payType} onChoose={payMethod.choose} loading={!tabData} priceOf={(method) => methodPriceText(order.amount, method.price_percent, order.area)} />
      <DiscountCodeField discount={discount} area={order.area} />
      {applied || step.methodFee ? (
        // The bundle's price as the summary shows it, the method's fee as a fee, then the code's saving.
        <section className="od-card od-totals" aria-label={t('submit.total')} data-testid="submit-breakdown">
          <dl>
            <div>
              <dt>{t('submit.subtotal')}</dt>
              <dd>{formatPrice(order.amount, order.area)}</dd>
            </div>
            {step.methodFee ? (
              <div data-testid="submit-fee">
                <dt>{feeLabel(step.methodFee, methodName)}</dt>
                <dd>
                  {Number(step.methodFee) > 0 ? '+' : '−'}
                  {formatPrice(String(Math.abs(Number(step.methodFee))), order.area)}
                </dd>
              </div>
            ) : null}
            {applied ? (
              <div>
                <dt>{t('submit.saving')}</dt>
                <dd className="od-totals__saving">−{formatPrice(applied.discount_amount, order.area)}</dd>
              </div>
            ) : null}
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
            {/* At the limit Pay stays reachable (its reason read with it) but sends nothing. */}
            <button
              className="od-button od-button--primary"
              type="button"
              onClick={() => void step.pay()}
              disabled={placing || !payType}
              aria-disabled={limitReached || undefined}
              aria-describedby={limitReached ? 'od-limit-note' : undefined}
            >
              {placing ? t('submit.placing') : limitReached ? limitLabel : t('submit.pay', { price: total })}
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
