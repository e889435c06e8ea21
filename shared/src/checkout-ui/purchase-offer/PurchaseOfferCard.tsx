import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseOfferState } from '@topup/shared/checkout';
import { formatPrice } from '@topup/shared/rules';
import { addStrings, type Strings } from '@topup/shared/store';
import { AgreementCheckbox } from '../AgreementCheckbox';

/** The post-purchase offer's words, the same in both storefronts (decision 307), added when the card loads. */
const NAMESPACE = 'purchaseOffer';
const STRINGS: Strings = {
  en: {
    'eyebrow': 'Just for you, for a short time',
    'items': 'What you get',
    'bonus': 'Bonus: {{name}} ×{{quantity}}',
    'was': 'was {{price}}',
    'off': '{{percent}}% off',
    'endsIn': 'Ends in {{time}}',
    'endsInMinutes_one': 'The offer ends in {{count}} minute.',
    'endsInMinutes_other': 'The offer ends in {{count}} minutes.',
    'for': 'For {{role}} on {{server}}, paid the same way as your order.',
    'buy': 'Buy now for {{price}}',
  },
  ko: {
    'eyebrow': '지금만 드리는 특가',
    'items': '구성',
    'bonus': '보너스: {{name}} ×{{quantity}}',
    'was': '정가 {{price}}',
    'off': '{{percent}}% 할인',
    'endsIn': '남은 시간 {{time}}',
    'endsInMinutes_one': '특가가 {{count}}분 후에 종료됩니다.',
    'endsInMinutes_other': '특가가 {{count}}분 후에 종료됩니다.',
    'for': '{{server}}의 {{role}} 캐릭터에게, 방금 주문과 같은 결제 수단으로 결제됩니다.',
    'buy': '{{price}}에 바로 구매',
  },
  zh: {
    'eyebrow': '限时专属特惠',
    'items': '礼包内容',
    'bonus': '赠送：{{name}} ×{{quantity}}',
    'was': '原价 {{price}}',
    'off': '{{percent}}% 折扣',
    'endsIn': '剩余 {{time}}',
    'endsInMinutes_one': '特惠将在 {{count}} 分钟后结束。',
    'endsInMinutes_other': '特惠将在 {{count}} 分钟后结束。',
    'for': '为 {{server}} 的 {{role}} 购买，支付方式与本订单相同。',
    'buy': '立即以 {{price}} 购买',
  },
};
addStrings(NAMESPACE, STRINGS);

/** "12:05": minutes and seconds left. */
export function countdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface PurchaseOfferCardProps {
  readonly state: PurchaseOfferState;
  /** The paid order's area (prices), character and server. */
  readonly order: { readonly area: string; readonly role_name: string; readonly server_name: string };
  /** The storefront's class prefix for the card's parts (`<prefix>-offer…`): each keeps its layout. */
  readonly prefix: string;
  /** The storefront's card, button and agreement classes. */
  readonly classes: { readonly card: string; readonly buy: string; readonly muted: string; readonly agreementPrefix: string };
  /** The checkout's "Please agree protocal", in the storefront's words, once a tap came without the agreement. */
  readonly agreementError: string | null;
}

/**
 * The post-purchase offer's card (decision 307), the markup and words both storefronts share: one bundle
 * for a limited time, counted down, bought in one step. Each storefront passes its class prefix and keeps
 * its layout (its own CSS, loaded with its offer chunk).
 */
export function PurchaseOfferCard({ state, order, prefix: p, classes: c, agreementError }: PurchaseOfferCardProps) {
  const { t } = useTranslation(NAMESPACE);
  const titleId = useId();
  const { offer } = state;
  if (state.refusal) {
    return (
      <section className={`${c.card} ${p}-offer`} data-testid="purchase-offer-refused">
        <p role="alert">{state.refusal}</p>
      </section>
    );
  }
  if (!offer) return null;
  const items = [...offer.items, ...offer.bonus_items];
  const price = formatPrice(offer.pay_amount, order.area);
  return (
    <section className={`${c.card} ${p}-offer`} aria-labelledby={titleId} data-testid="purchase-offer">
      <p className={`${p}-offer__eyebrow`}>{t('eyebrow')}</p>
      <h2 id={titleId} className={`${p}-offer__title`}>
        {offer.product_name}
      </h2>
      {offer.product_content ? <p className={`${p}-offer__content`}>{offer.product_content}</p> : null}
      <ul className={`${p}-offer__items`} aria-label={t('items')}>
        {items.map((item, index) => (
          <li key={`${item.name}-${index}`} className={index >= offer.items.length ? `${p}-offer__bonus` : undefined}>
            {index >= offer.items.length ? t('bonus', { name: item.name, quantity: item.quantity }) : `${item.name} ×${item.quantity}`}
          </li>
        ))}
      </ul>
      <p className={`${p}-offer__price`}>
        {offer.percent_off > 0 ? (
          <>
            <s aria-label={t('was', { price: formatPrice(offer.list_amount, order.area) })}>{formatPrice(offer.list_amount, order.area)}</s>{' '}
          </>
        ) : null}
        <strong data-testid="purchase-offer-price">{price}</strong>
        {offer.percent_off > 0 ? (
          <>
            {' '}
            <span className={`${p}-offer__off`}>{t('off', { percent: offer.percent_off })}</span>
          </>
        ) : null}
      </p>
      <p className={`${p}-offer__timer`} data-testid="purchase-offer-timer">
        <span aria-hidden="true">{t('endsIn', { time: countdown(state.secondsLeft) })}</span>
        {/* Screen readers hear the minutes, not a number changing every second. */}
        <span className="visually-hidden">{t('endsInMinutes', { count: Math.ceil(state.secondsLeft / 60) })}</span>
      </p>
      <p className={`${p}-offer__for ${c.muted}`}>{t('for', { role: order.role_name, server: order.server_name })}</p>
      <AgreementCheckbox
        prefix={c.agreementPrefix}
        agreed={state.agreed}
        error={agreementError}
        onChange={state.agree}
      />
      <button className={`${c.buy} ${p}-offer__buy`} type="button" onClick={() => void state.buy()} disabled={state.placing} aria-busy={state.placing} data-testid="purchase-offer-buy">
        {t('buy', { price })}
      </button>
    </section>
  );
}
