import type { DiscountCode } from '@topup/shared/checkout';
import { formatPrice } from '@topup/shared/rules';
import { CloseIcon, SpinnerIcon } from '@topup/shared/ui';
import { usePcTranslation } from '../../../lib/use-pc-translation';

/** The discount-code box with Apply; the result (or the store's refusal) shows under it. */
export function DiscountCodeField({ discount, area }: { readonly discount: DiscountCode; readonly area: string }) {
  const { t } = usePcTranslation();
  const { applied } = discount;
  return (
    <form
      className="pc-discount"
      onSubmit={(event) => {
        event.preventDefault();
        if (!discount.checking) discount.apply();
      }}
    >
      <label className="pc-label" htmlFor="pc-discount-input">
        {t('order.discountCode')}
      </label>
      <div className="pc-inline-form">
        <input
          id="pc-discount-input"
          className="pc-input"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('order.discountPlaceholder')}
          value={discount.code}
          aria-invalid={discount.refusal ? true : undefined}
          aria-describedby="pc-discount-result"
          onChange={(event) => discount.setCode(event.target.value)}
        />
        {applied ? (
          <button type="button" className="pc-button pc-button--secondary pc-discount__remove" aria-label={t('order.removeCode')} onClick={discount.remove}>
            <CloseIcon />
          </button>
        ) : (
          <button type="submit" className="pc-button pc-button--secondary" aria-disabled={discount.checking || undefined}>
            {discount.checking ? <SpinnerIcon /> : null}
            {discount.checking ? t('order.checking') : t('order.apply')}
          </button>
        )}
      </div>
      <p
        id="pc-discount-result"
        className={`pc-discount__result${discount.refusal ? ' pc-discount__result--refused' : ''}`}
        role="status"
        data-testid="discount-result"
      >
        {applied
          ? t(applied.percent_off > 0 ? 'order.codeApplied' : 'order.codeAppliedAmount', {
              code: applied.discount_code,
              percent: applied.percent_off,
              saving: formatPrice(applied.discount_amount, area),
            })
          : discount.refusal}
      </p>
    </form>
  );
}
