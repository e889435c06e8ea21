import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@topup/shared/rules';
import { CHECKOUT_UI_NAMESPACE } from './checkout-ui-strings';

interface PriceChangeProps {
  /** The price the player saw and the store's now, as the pages have them ("49.99", "19000"). */
  readonly change: { readonly from: string; readonly to: string };
  readonly area: string;
  /** The storefront's class prefix: each keeps its CSS. */
  readonly prefix: string;
  /** The way back without paying (the store on the phone, another bundle in the pay centre). */
  readonly back?: ReactNode;
}

/**
 * A price changed since the player saw it, named with both prices ("$49.99 → $59.99"): Pay, below it,
 * charges the new price in one tap; `back` leaves without paying. One notice for both storefronts.
 */
export function PriceChangeNotice({ change, area, prefix, back }: PriceChangeProps) {
  const { t } = useTranslation(CHECKOUT_UI_NAMESPACE);
  const from = formatPrice(change.from, area);
  const to = formatPrice(change.to, area);
  const block = `${prefix}-price-change`;
  return (
    <section className={block} role="alert" data-testid="price-change">
      <p className={`${block}__title`}>{t(Number(change.to) > Number(change.from) ? 'priceChange.rose' : 'priceChange.fell')}</p>
      <p className={`${block}__prices`}>
        <span className="visually-hidden">{t('priceChange.spoken', { from, to })}</span>
        <span aria-hidden="true" data-testid="price-change-prices">
          <s>{from}</s> → <strong>{to}</strong>
        </span>
      </p>
      <p className={`${block}__hint`}>{t('priceChange.hint', { price: to })}</p>
      {back}
    </section>
  );
}

/** Instead of Pay's promise: the character bought the bundle as often as its limit allows, said before Pay. */
export function PurchaseLimitNote({ progress, prefix }: { readonly progress: string; readonly prefix: string }) {
  const { t } = useTranslation(CHECKOUT_UI_NAMESPACE);
  return (
    <p className={`${prefix}-limit-note`} id={`${prefix}-limit-note`} role="status" data-testid="limit-reached">
      {progress ? t('limit.reachedOf', { progress }) : t('limit.reached')}
    </p>
  );
}

/** Pay's words at the limit: it stays reachable, says why and sends nothing. */
export function useLimitReachedLabel(): string {
  return useTranslation(CHECKOUT_UI_NAMESPACE).t('limit.button');
}

/** What the chosen pay method adds to the bundle's price (or takes off), as its own line's label. */
export function useMethodFeeLabel(): (fee: string, method: string) => string {
  const { t } = useTranslation(CHECKOUT_UI_NAMESPACE);
  return (fee, method) => t(Number(fee) > 0 ? 'fee.more' : 'fee.less', { method });
}
