import { useTranslation } from 'react-i18next';
import type { PayType } from '@topup/shared/types';
import { CheckIcon } from '@topup/shared/ui';
import { CHECKOUT_UI_NAMESPACE } from './checkout-ui-strings';

interface Props {
  readonly methods: readonly PayType[];
  readonly chosen: string;
  readonly onChoose: (payType: string) => void;
  /** The storefront's class prefix: each keeps its CSS. */
  readonly prefix: string;
  /** The list is still loading: a placeholder holds its place. */
  readonly loading?: boolean;
  /** A method's price for the bundle, formatted: shown beside every method when the methods' prices differ. */
  readonly priceOf?: (method: PayType) => string;
}

const brandsId = (prefix: string, payType: string) => `${prefix}-pay-brands-${payType}`;

/** The pay methods of the game's tab data as radio buttons (the core's usePayMethod picks the default). */
export function PayMethodList({ methods, chosen, onChoose, prefix, loading = false, priceOf }: Props) {
  const { t } = useTranslation(CHECKOUT_UI_NAMESPACE);
  const block = `${prefix}-pay-methods`;
  if (!loading && methods.length === 0) return null;
  // Methods that cost different amounts: each says its price before the player chooses it.
  const pricesDiffer = methods.some((method) => (method.price_percent ?? 0) !== 0);
  return (
    <fieldset className={block} aria-busy={loading || undefined}>
      <legend className={`${block}__title`}>{t('payMethods.title')}</legend>
      {loading ? <div className={`${block}__placeholder`} aria-hidden="true" /> : null}
      {methods.map((method) => {
        const selected = method.pay_type === chosen;
        const percent = method.price_percent ?? 0;
        const own = pricesDiffer && priceOf ? priceOf(method) : '';
        return (
          <label key={method.pay_type} className={`${prefix}-pay-method${selected ? ` ${prefix}-pay-method--chosen` : ''}`} data-pay-type={method.pay_type}>
            <input
              type="radio"
              name={`${prefix}-pay-type`}
              value={method.pay_type}
              checked={selected}
              disabled={methods.length === 1}
              onChange={() => onChoose(method.pay_type)}
              aria-describedby={method.brands?.length ? brandsId(prefix, method.pay_type) : undefined}
            />
            <img src={method.icon} alt="" width={32} height={32} />
            <span className={`${prefix}-pay-method__name`}>
              {method.name}
              {method.brands?.length ? (
                // The marks are pictures of the names the radio's description reads out.
                <span className={`${prefix}-pay-method__brands`} data-testid="pay-brands">
                  {method.brands.map((brand) => (
                    <img key={brand.name} src={brand.icon} alt="" title={brand.name} data-brand={brand.name} width={30} height={20} loading="lazy" />
                  ))}
                  <span id={brandsId(prefix, method.pay_type)} hidden>
                    {method.brands.map((brand) => brand.name).join(', ')}
                  </span>
                </span>
              ) : null}
              {own ? (
                // Inside the label: the radio's name says the price.
                <span className={`${prefix}-pay-method__price`} data-testid="pay-method-price">
                  {t(percent > 0 ? 'payMethods.costsMore' : percent < 0 ? 'payMethods.costsLess' : 'payMethods.costs', { price: own, percent: Math.abs(percent) })}
                </span>
              ) : null}
            </span>
            <span className={`${prefix}-pay-method__mark`}>{selected ? <CheckIcon /> : null}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
