import { type OrderInfo } from '@topup/shared/types';
import { DELIVERY_GUIDANCE_MINUTES, formatPrice } from '@topup/shared/rules';
import { useAppStore } from '@topup/shared/store';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { formatDeadline, formatOrderTime, type OrderResult as ResultState } from '@topup/shared/checkout';

const ICONS: Record<ResultState, string> = {
  awaitingPayment: '…',
  onItsWay: '✓',
  retrying: '↻',
  delivered: '✓',
  declined: '✕',
  expired: '⏱',
  refunding: '↩',
  refunded: '↩',
};

interface Props {
  readonly order: OrderInfo;
  readonly state: ResultState;
  readonly expiryMinutes: number;
}

/** The order's state in one headline and one sentence, with its colour and icon. */
export function StatusCard({ order, state, expiryMinutes }: Props) {
  const { t } = useTopUpTranslation();
  const locale = useAppStore((s) => s.locale);
  const late = order.timeline.some((entry) => entry.event === 'late_payment');
  const bodyKey = (state === 'refunding' || state === 'refunded') && late ? `payResult.state.${state}.late.body` : `payResult.state.${state}.body`;
  return (
    <section className={`od-card pr-status pr-status--${state}`} data-testid="order-status" data-status={order.status} aria-live="polite">
      <span className="pr-status__icon" aria-hidden="true">
        {ICONS[state]}
      </span>
      <h2 className="pr-status__title">{t(`payResult.state.${state}`)}</h2>
      <p className="pr-status__body">
        {t(bodyKey, {
          minutes: state === 'expired' || state === 'awaitingPayment' ? expiryMinutes : DELIVERY_GUIDANCE_MINUTES,
          product: order.product_name,
          amount: formatPrice(order.amount, order.area),
          attempts: order.delivery_attempts,
        })}
      </p>
      {state === 'awaitingPayment' && order.expires_at ? (
        <p className="pr-status__body" data-testid="pay-deadline">
          {t('payResult.state.awaitingPayment.deadline', { time: formatDeadline(order.expires_at, locale) })}
        </p>
      ) : null}
      {state === 'retrying' && order.next_attempt_at ? (
        <p className="pr-status__body">{t('payResult.state.retrying.next', { time: formatOrderTime(order.next_attempt_at, locale) })}</p>
      ) : null}
    </section>
  );
}
