import { formatOrderTime, orderResult } from '@topup/shared/checkout';
import { useAppStore } from '@topup/shared/store';
import type { OrderInfo } from '@topup/shared/types';
import { SpinnerIcon } from '@topup/shared/ui';
import { usePcTranslation } from '../../../lib/use-pc-translation';

type StatusFields = Pick<OrderInfo, 'status' | 'final' | 'delivery_attempts' | 'next_attempt_at'>;

/**
 * The sentence for an order's state. Where the core's `orderResult` says the order is being
 * refunded (a declined or expired order whose money is still to go back, a payment that came too
 * late or would have passed a purchase limit) the page says so, never "nothing was charged"; a
 * failed delivery keeps its own sentence, which says the refund too.
 */
export function statusTextKey(order: StatusFields): string {
  const result = orderResult(order);
  if (result === 'retrying') return 'status.retrying';
  if (result === 'refunding' && order.status !== 'delivery_failed') return 'status.refunding';
  return `status.${order.status}`;
}

/** One sentence on where the order is now, announced when it changes. */
export function OrderStatusLine({ order }: { readonly order: OrderInfo }) {
  const { t } = usePcTranslation();
  const locale = useAppStore((s) => s.locale);
  const key = statusTextKey(order);
  const retrying = key === 'status.retrying';
  const moving = Number(order.final) !== 1 && order.status !== 'created';
  const text = retrying
    ? t(key, {
        time: formatOrderTime(order.next_attempt_at, locale),
        attempt: order.delivery_attempts + 1,
      })
    : t(key);
  return (
    <p className={`pc-status pc-status--${order.status}${retrying ? ' pc-status--retrying' : ''}`} role="status" data-testid="order-status" data-status={order.status}>
      {moving ? <SpinnerIcon /> : null}
      <span>{text}</span>
    </p>
  );
}
