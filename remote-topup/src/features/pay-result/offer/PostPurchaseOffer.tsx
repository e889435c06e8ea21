import { CHECKOUT_NAMESPACE, createOrder, usePurchaseOffer } from '@topup/shared/checkout';
import { AgreementCheckbox } from '@topup/shared/checkout-ui';
import { formatPrice } from '@topup/shared/rules';
import type { OrderInfo } from '@topup/shared/types';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { goToPayment } from '../../submit/hooks/use-submit-order';
import '../offer-strings';
import './post-purchase-offer.css';

/** "12:05": minutes and seconds left. */
function countdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The post-purchase offer on the result page of a paid order (decision 307): one bundle for a limited
 * time, counted down, bought in one step for the same character with the same pay method. Loaded on
 * demand by the result page; shows nothing when there is no offer.
 */
export default function PostPurchaseOffer({ order, paid }: { readonly order: OrderInfo; readonly paid: boolean }) {
  const { t } = useTopUpTranslation();
  const state = usePurchaseOffer(order, { paid, send: (payload) => createOrder(payload), onPlaced: (placed) => goToPayment.assign(placed.pay_url) });
  const { offer } = state;
  if (state.refusal) {
    return (
      <section className="od-card pr-offer" data-testid="purchase-offer-refused">
        <p role="alert">{state.refusal}</p>
      </section>
    );
  }
  if (!offer) return null;
  const minutes = Math.ceil(state.secondsLeft / 60);
  const items = [...offer.items, ...offer.bonus_items];
  return (
    <section className="od-card pr-offer" aria-labelledby="pr-offer-title" data-testid="purchase-offer">
      <p className="pr-offer__eyebrow">{t('payResult.offer.eyebrow')}</p>
      <h2 id="pr-offer-title" className="pr-offer__title">
        {offer.product_name}
      </h2>
      {offer.product_content ? <p className="pr-offer__content">{offer.product_content}</p> : null}
      <ul className="pr-offer__items" aria-label={t('payResult.offer.items')}>
        {items.map((item, index) => (
          <li key={`${item.name}-${index}`} className={index >= offer.items.length ? 'pr-offer__bonus' : undefined}>
            {index >= offer.items.length ? t('payResult.offer.bonus', { name: item.name, quantity: item.quantity }) : `${item.name} ×${item.quantity}`}
          </li>
        ))}
      </ul>
      <p className="pr-offer__price">
        {offer.percent_off > 0 ? (
          <>
            <s aria-label={t('payResult.offer.was', { price: formatPrice(offer.list_amount, order.area) })}>{formatPrice(offer.list_amount, order.area)}</s>{' '}
            <strong data-testid="purchase-offer-price">{formatPrice(offer.pay_amount, order.area)}</strong>{' '}
            <span className="pr-offer__off">{t('payResult.offer.off', { percent: offer.percent_off })}</span>
          </>
        ) : (
          <strong data-testid="purchase-offer-price">{formatPrice(offer.pay_amount, order.area)}</strong>
        )}
      </p>
      <p className="pr-offer__timer" data-testid="purchase-offer-timer">
        <span aria-hidden="true">{t('payResult.offer.endsIn', { time: countdown(state.secondsLeft) })}</span>
        {/* Screen readers hear the minutes, not a number changing every second. */}
        <span className="visually-hidden">{t('payResult.offer.endsInMinutes', { count: minutes })}</span>
      </p>
      <p className="pr-offer__for">{t('payResult.offer.for', { role: order.role_name, server: order.server_name })}</p>
      <AgreementCheckbox
        prefix="od"
        agreed={state.agreed}
        error={state.agreementMissing ? t('validation.agreeProtocol', { ns: CHECKOUT_NAMESPACE }) : null}
        onChange={state.agree}
      />
      <button className="od-button od-button--primary pr-offer__buy" type="button" onClick={() => void state.buy()} disabled={state.placing} aria-busy={state.placing} data-testid="purchase-offer-buy">
        {t('payResult.offer.buy', { price: formatPrice(offer.pay_amount, order.area) })}
      </button>
    </section>
  );
}
