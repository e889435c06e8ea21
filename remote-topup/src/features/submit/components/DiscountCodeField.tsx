import { formatPrice } from '@topup/shared';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import type { DiscountState } from '../hooks/use-discount-code';

interface Props {
  readonly code: string;
  readonly state: DiscountState;
  readonly area: string;
  readonly onChange: (code: string) => void;
  readonly onApply: () => void;
}

/** The discount code and the result of checking it, right under the field. */
export function DiscountCodeField({ code, state, area, onChange, onApply }: Props) {
  const { t } = useTopUpTranslation();
  const resultId = 'od-discount-result';
  return (
    <section className="od-card">
      <label className="od-card__title" htmlFor="od-discount">
        {t('submit.discount')}
      </label>
      <form
        className="od-discount"
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
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
          aria-invalid={state.kind === 'refused'}
          onChange={(event) => onChange(event.target.value)}
        />
        <button className="od-button od-button--secondary" type="submit" disabled={state.kind === 'checking'}>
          {state.kind === 'checking' ? t('submit.checking') : t('submit.apply')}
        </button>
      </form>
      <p id={resultId} className={`od-discount__result od-discount__result--${state.kind}`} role="status" aria-live="polite" data-testid="discount-result">
        {state.kind === 'refused' ? state.message : null}
        {state.kind === 'applied'
          ? t('submit.discountApplied', {
              code: state.check.discount_code,
              percent: state.check.percent_off,
              saving: formatPrice(state.check.discount_amount, area),
            })
          : null}
      </p>
    </section>
  );
}
