import { formatOrderTime, type OrderStep } from '@topup/shared/checkout';
import { useAppStore } from '@topup/shared/store';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

/** placed → paid → mail sent → delivered (or where it stopped), each with the time it was reached. */
export function DeliveryProgress({ steps }: { readonly steps: readonly OrderStep[] }) {
  const { t } = useTopUpTranslation();
  const locale = useAppStore((s) => s.locale);
  return (
    <section className="od-card" aria-labelledby="pr-progress-title">
      <h2 id="pr-progress-title" className="od-card__title">
        {t('payResult.progress')}
      </h2>
      <ol className="pr-steps">
        {steps.map((step) => (
          <li key={step.key} className={`pr-step pr-step--${step.state}`} data-testid={`step-${step.key}`} data-state={step.state}>
            <span className="pr-step__dot" aria-hidden="true" />
            <span className="pr-step__label">{t(`payResult.step.${step.key}`)}</span>
            <span className="pr-step__time">
              {(step.state === 'done' || step.state === 'failed') && step.at ? formatOrderTime(step.at, locale) : null}
              {step.state === 'current' ? t('payResult.step.current') : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
