import { Link } from 'react-router-dom';
import { findOrder, formatOrderTime, hasReceipt, orderResult, type RememberedOrder } from '@topup/shared/checkout';
import { useQuery } from '@topup/shared/query';
import { formatPrice } from '@topup/shared/rules';
import { toHref, useAppStore } from '@topup/shared/store';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { errorText } from '../error-text';

interface Props {
  readonly remembered: RememberedOrder;
  readonly onRemove: (orderId: string) => void;
}

/** One order of My orders, read afresh from the store: what, for whom, how much, and where it stands. */
export function OrderRow({ remembered, onRemove }: Props) {
  const { t } = useTopUpTranslation();
  const locale = useAppStore((s) => s.locale);
  const { order_id: orderId, role_id: roleId } = remembered;
  const read = useQuery(`${orderId}|${roleId}|${locale}`, (signal) => findOrder(orderId, roleId, signal), { onError: 'page' });
  const order = read.data;
  const remove = (
    <button type="button" className="mo-remove" aria-label={t('myOrders.row.remove', { id: orderId })} onClick={() => onRemove(orderId)}>
      ×
    </button>
  );
  if (!order) {
    return (
      <li className="od-card mo-order" data-order-id={orderId} aria-busy={read.loading || undefined}>
        {read.error ? (
          <div className="mo-order__failed" role="alert">
            <p>{t('myOrders.row.failed', { id: orderId })}</p>
            <p className="mo-muted">{errorText(read.error, '')}</p>
            <button type="button" className="od-button od-button--ghost" onClick={read.retry}>
              {t('action.retry', { ns: 'common' })}
            </button>
          </div>
        ) : (
          <p className="mo-muted" role="status">
            {t('myOrders.row.loading', { id: orderId })}
          </p>
        )}
        {remove}
      </li>
    );
  }
  const state = orderResult(order);
  return (
    <li className="od-card mo-order" data-order-id={orderId} data-status={order.status}>
      <div className="mo-order__head">
        <strong className="mo-order__bundle">{order.product_name}</strong>
        <span className={`mo-status mo-status--${state}`} data-testid="my-order-status">
          {t(`payResult.state.${state}`)}
        </span>
      </div>
      <p className="mo-muted">
        {order.game_name} · {t('myOrders.row.character', { name: order.role_name, id: order.role_id, server: order.server_name })}
      </p>
      <p className="mo-order__line">
        <span>{formatPrice(order.amount, order.area)}</span>
        <time dateTime={order.created_at}>{formatOrderTime(order.created_at, locale)}</time>
        <span className="mo-muted">{orderId}</span>
      </p>
      <div className="mo-order__actions">
        <Link className="od-link" to={toHref('/payResult', { order_id: orderId })}>
          {t('myOrders.row.details')}
        </Link>
        {hasReceipt(order) ? (
          <Link className="od-link" to={toHref('/receipt', { order_id: orderId, role_id: roleId })}>
            {t('myOrders.row.receipt')}
          </Link>
        ) : null}
      </div>
      {remove}
    </li>
  );
}
