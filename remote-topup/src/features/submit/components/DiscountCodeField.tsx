import type { DiscountCode } from '@topup/shared/checkout';
import { formatPrice } from '@topup/shared/rules';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Props {
  /** The purchase core's discount-code state. */
  readonly discount: DiscountCode;
  readonly area: string;
}

/** The discount code and the result of checking it, right under the field. */
export function DiscountCodeField({ discount, area }: Props) {
  const { t } = useTopUpTranslation();
  const resultId = 'od-discount-result';
  const { code, applied, refusal, checking } = discount;
  const kind = checking ? 'checking' : applied ? 'applied' : refusal ? 'refused' : 'none';
  return (
    <section className="od-card">
      <label className="od-card__title" htmlFor="od-discount">
        {t('submit.discount')}
      </label>
      <form
        className="od-discount"
        onSubmit={(event) => {
          event.preventDefault();
          discount.apply();
        }}
      >
        <input
          id="od-discount"
          className="od-input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          placeholder={t('submit.discountPlaceholder')}
          aria-describedby={resultId}
          aria-invalid={kind === 'refused'}
          onChange={(event) => discount.setCode(event.target.value)}
        />
        {applied ? (
          <button className="od-button od-button--secondary" type="button" onClick={discount.remove}>
            {t('submit.discountRemove')}
          </button>
        ) : (
          <button className="od-button od-button--secondary" type="submit" disabled={checking}>
            {checking ? t('submit.checking') : t('submit.apply')}
          </button>
        )}
      </form>
      <p id={resultId} className={`od-discount__result od-discount__result--${kind}`} role="status" aria-live="polite" data-testid="discount-result">
        {kind === 'refused' ? refusal : null}
        {applied
          ? t(applied.percent_off > 0 ? 'submit.discountApplied' : 'submit.discountAppliedAmount', {
              code: applied.discount_code,
              percent: applied.percent_off,
              saving: formatPrice(applied.discount_amount, area),
            })
          : null}
      </p>
    </section>
  );
}
