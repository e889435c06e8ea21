import { CheckIcon } from '@topup/shared/ui';
import { usePcTranslation } from '../../lib/use-pc-translation';

export const PURCHASE_STEPS = ['game', 'character', 'bundle', 'payment'] as const;
export type PurchaseStep = (typeof PURCHASE_STEPS)[number];

/** Game → Character → Bundle → Payment, with the current step marked. */
export function PurchaseSteps({ current }: { readonly current: PurchaseStep }) {
  const { t } = usePcTranslation();
  const index = PURCHASE_STEPS.indexOf(current);
  return (
    <ol className="pc-steps" aria-label={t('steps.label')}>
      {PURCHASE_STEPS.map((step, i) => {
        const state = i < index ? 'done' : i === index ? 'current' : 'next';
        return (
          <li key={step} className={`pc-steps__step pc-steps__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="pc-steps__dot">{state === 'done' ? <CheckIcon /> : i + 1}</span>
            <span className="pc-steps__label">{t(`steps.${step}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}
