import { formatOrderTime } from '@topup/shared/checkout';
import { type OrderInfo } from '@topup/shared/types';
import { formatPrice } from '@topup/shared/rules';
import { useAppStore } from '@topup/shared/store';
import { OrderFacts } from '../../../lib/OrderFacts';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

/** The order's facts and every entry of its timeline. */
export function OrderHistory({ order }: { readonly order: OrderInfo }) {
  const { t } = useTopUpTranslation();
  const locale = useAppStore((s) => s.locale);
  const facts: Array<[string, string]> = [
    [t('payResult.order'), order.order_id],
    [t('payResult.bundle'), order.product_name],
    [t('payResult.character'), `${order.role_name} (${order.role_id}) · ${order.server_name}`],
    [t('payResult.amount'), formatPrice(order.amount, order.area)],
  ];
  return (
    <section className="od-card" aria-labelledby="pr-history-title">
      <h2 id="pr-history-title" className="od-card__title">
        {t('payResult.history')}
      </h2>
      <OrderFacts facts={facts} />
      <ol className="pr-history" data-testid="order-history">
        {order.timeline.map((entry, index) => (
          <li key={`${entry.event}-${index}`} data-event={entry.event}>
            <time dateTime={entry.at}>{formatOrderTime(entry.at, locale)}</time>
            <span>{t(`payResult.event.${entry.event}`, { attempt: entry.attempt ?? '' })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
