import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CHECKOUT_NAMESPACE, checkDiscountCode, methodAmount, methodPriceText, useDiscountCode, usePayMethod, useReceiptEmail, useSessionState } from '@topup/shared/checkout';
import { AgreementCheckbox, PayMethodList, ReceiptEmailField, SecureCheckoutNote } from '@topup/shared/checkout-ui';
import { bundleSubtitle, formatPrice } from '@topup/shared/rules';
import { toHref } from '@topup/shared/store';
import { useGameCustomerService } from '../../../lib/use-game-customer-service';
import { useScrollToTop } from '../../../lib/use-scroll-to-top';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { useSubmitOrder } from '../hooks/use-submit-order';
import { useConfirmedOrder, type OrderCheck } from '../hooks/use-confirmed-order';
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
  // The player's choices on this order page are kept for the tab's session (reload, Back).
  const keepKey = `topup:checkout:${order.gameId}|${order.area}|${order.role.server_id}|${order.role.role_id}|${order.productId}`;
  const payMethod = usePayMethod(offeredTypes, keepKey);
  const payType = payMethod.chosen;
  // pmx_show 0: the store picks the method; the page shows it without a choice.
  const payTypes = order.pmxShow ? offeredTypes : offeredTypes.filter((type) => type.pay_type === payType);
  const discount = useDiscountCode({ gameId: order.gameId, area: order.area, roleId: order.role.role_id, productId: order.productId, payType, check: checkDiscountCode, keepKey });
  const [agreed, setAgreed] = useSessionState(`${keepKey}:agreed`, false);
  // Paying without the agreement: the spec's words stay under the box (the toast says it too).
  const [agreementMissing, setAgreementMissing] = useState(false);
  const applied = discount.applied;
  const receipt = useReceiptEmail();
  const { submit, placing } = useSubmitOrder({
    game_id: order.gameId,
    area: order.area,
    server_id: order.role.server_id,
    role_id: order.role.role_id,
    uid: order.role.uid,
    product_id: order.productId,
    pay_type: payType,
    discount_code: applied?.discount_code ?? '',
    receipt_email: receipt.value,
    // The bundle's price this page shows: a price changed since is refused, never charged silently.
    seen_amount: order.amount,
  });
  // A method that costs another amount: its price (what the server charges for it), before any code.
  const methodPercent = offeredTypes.find((type) => type.pay_type === payType)?.price_percent ?? 0;
  const total = formatPrice(applied ? applied.amount : methodAmount(order.amount, methodPercent, order.area), order.area);
  const pay = () => {
    setAgreementMissing(!agreed);
    if (receipt.check()) void submit(agreed);
  };

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
        agreed={agreed}
        error={agreementMissing && !agreed ? t('validation.agreeProtocol', { ns: CHECKOUT_NAMESPACE }) : null}
        onChange={(value) => {
          setAgreed(value);
          if (value) setAgreementMissing(false);
        }}
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
            <button className="od-button od-button--primary" type="button" onClick={pay} disabled={placing || !payType}>
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
