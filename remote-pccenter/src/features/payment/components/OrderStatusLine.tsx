import { isDeliveryRetrying, SpinnerIcon, useAppStore, type OrderInfo } from '@topup/shared';
import { usePcTranslation } from '../../../lib/use-pc-translation';

/**
 * The sentence for an order's state. A declined or expired order whose money is still to go back
 * (a payment that came too late, or would have passed a purchase limit) is being refunded, not
 * "nothing was charged".
 */
export function statusTextKey(order: Pick<OrderInfo, 'status' | 'final' | 'paid_at'>): string {
  const refunding = (order.status === 'declined' || order.status === 'expired') && order.paid_at !== null && Number(order.final) !== 1;
  return refunding ? 'status.refunding' : `status.${order.status}`;
}

/** One sentence on where the order is now, announced when it changes. */
export function OrderStatusLine({ order }: { readonly order: OrderInfo }) {
  const { t } = usePcTranslation();
  const locale = useAppStore((s) => s.locale);
  const retrying = isDeliveryRetrying(order);
  const moving = Number(order.final) !== 1 && order.status !== 'created';
  const text = retrying
    ? t('status.retrying', {
        time: new Date(order.next_attempt_at ?? '').toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }),
        attempt: order.delivery_attempts + 1,
      })
    : t(statusTextKey(order));
  return (
    <p className={`pc-status pc-status--${order.status}${retrying ? ' pc-status--retrying' : ''}`} role="status" data-testid="order-status" data-status={order.status}>
      {moving ? <SpinnerIcon /> : null}
      <span>{text}</span>
    </p>
  );
}
