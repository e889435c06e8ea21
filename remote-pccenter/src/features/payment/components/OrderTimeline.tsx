import { formatOrderTime, orderSteps } from '@topup/shared/checkout';
import { useAppStore } from '@topup/shared/store';
import type { OrderInfo } from '@topup/shared/types';
import { CheckIcon, CloseIcon } from '@topup/shared/ui';
import { usePcTranslation } from '../../../lib/use-pc-translation';

/** placed → paid → mail sent → delivered, the core's steps (the same as /payResult), with their times. */
export function OrderTimeline({ order }: { readonly order: OrderInfo }) {
  const { t } = usePcTranslation();
  const locale = useAppStore((s) => s.locale);
  const time = (iso: string) => formatOrderTime(iso, locale);
  return (
    <ol className="pc-timeline" aria-label={t('timeline.label')}>
      {orderSteps(order).map((step) => (
        <li key={step.key} className={`pc-timeline__step pc-timeline__step--${step.state}`} data-step={step.key} data-state={step.state}>
          <span className="pc-timeline__dot">{step.state === 'done' ? <CheckIcon /> : step.state === 'failed' ? <CloseIcon /> : null}</span>
          <span className="pc-timeline__label">{t(`timeline.${step.key}`)}</span>
          <span className="pc-timeline__time">{step.at && step.state !== 'upcoming' ? time(step.at) : ''}</span>
        </li>
      ))}
    </ol>
  );
}
