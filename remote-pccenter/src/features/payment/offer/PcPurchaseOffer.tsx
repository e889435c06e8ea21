import { CHECKOUT_NAMESPACE, usePurchaseOffer } from '@topup/shared/checkout';
import { AgreementCheckbox } from '@topup/shared/checkout-ui';
import { pcpay } from '@topup/shared/pay-centre-api';
import { formatPrice } from '@topup/shared/rules';
import { useStoreNavigate } from '@topup/shared/store';
import type { OrderInfo } from '@topup/shared/types';
import { usePcTranslation } from '../../../lib/use-pc-translation';
import './offer-strings';
import './pc-purchase-offer.css';

/** "12:05": minutes and seconds left. */
function countdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The post-purchase offer beside a paid order in the pay centre (decision 307): the phone's offer in the
 * pay centre's layout, bought with `pay` and `offer_of` for the same character and pay method, its order
 * then followed on this page. Loaded on demand; shows nothing when there is no offer.
 */
export default function PcPurchaseOffer({ order, from }: { readonly order: OrderInfo; readonly from: string }) {
  const { t } = usePcTranslation();
  const navigate = useStoreNavigate();
  const state = usePurchaseOffer(order, {
    paid: true,
    send: (payload) => pcpay.pay(payload),
    onPlaced: (placed) => navigate('/pcpay', { order_id: placed.order_id, game_id: order.game_id, area: order.area, from }),
  });
  const { offer } = state;
  if (state.refusal) {
    return (
      <section className="pc-panel pc-offer" data-testid="purchase-offer-refused">
        <p role="alert">{state.refusal}</p>
      </section>
    );
  }
  if (!offer) return null;
  const items = [...offer.items, ...offer.bonus_items];
  return (
    <section className="pc-panel pc-offer" aria-labelledby="pc-offer-title" data-testid="purchase-offer">
      <p className="pc-offer__eyebrow">{t('pay.offer.eyebrow')}</p>
      <h2 id="pc-offer-title" className="pc-offer__title">
        {offer.product_name}
      </h2>
      <ul className="pc-offer__items" aria-label={t('pay.offer.items')}>
        {items.map((item, index) => (
          <li key={`${item.name}-${index}`} className={index >= offer.items.length ? 'pc-offer__bonus' : undefined}>
            {index >= offer.items.length ? t('pay.offer.bonus', { name: item.name, quantity: item.quantity }) : `${item.name} ×${item.quantity}`}
          </li>
        ))}
      </ul>
      <p className="pc-offer__price">
        {offer.percent_off > 0 ? (
          <>
            <s aria-label={t('pay.offer.was', { price: formatPrice(offer.list_amount, order.area) })}>{formatPrice(offer.list_amount, order.area)}</s>{' '}
          </>
        ) : null}
        <strong data-testid="purchase-offer-price">{formatPrice(offer.pay_amount, order.area)}</strong>
        {offer.percent_off > 0 ? <span className="pc-offer__off"> {t('pay.offer.off', { percent: offer.percent_off })}</span> : null}
      </p>
      <p className="pc-offer__timer" data-testid="purchase-offer-timer">
        <span aria-hidden="true">{t('pay.offer.endsIn', { time: countdown(state.secondsLeft) })}</span>
        <span className="visually-hidden">{t('pay.offer.endsInMinutes', { count: Math.ceil(state.secondsLeft / 60) })}</span>
      </p>
      <p className="pc-muted">{t('pay.offer.for', { role: order.role_name, server: order.server_name })}</p>
      <AgreementCheckbox
        prefix="pc"
        agreed={state.agreed}
        error={state.agreementMissing ? t('validation.agreeProtocol', { ns: CHECKOUT_NAMESPACE }) : null}
        onChange={state.agree}
      />
      <button className="pc-button pc-button--primary pc-offer__buy" type="button" onClick={() => void state.buy()} disabled={state.placing} aria-busy={state.placing} data-testid="purchase-offer-buy">
        {t('pay.offer.buy', { price: formatPrice(offer.pay_amount, order.area) })}
      </button>
    </section>
  );
}
