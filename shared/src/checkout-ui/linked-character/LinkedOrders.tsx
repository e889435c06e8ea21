import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@topup/shared/api';
import { useQuery } from '@topup/shared/query';
import { getLinkedOrders, type LinkedCharacterKey } from './linked-api';
import { LINKED_NAMESPACE } from './linked-strings';

/** The storefront's classes for the list's parts (the `lc-orders` classes come with the shared CSS). */
export interface LinkedOrdersClasses {
  readonly title: string;
  readonly button: string;
  readonly hint: string;
  readonly error: string;
  readonly link: string;
}

export interface LinkedOrdersProps {
  readonly characterKey: LinkedCharacterKey;
  readonly roleName: string;
  readonly classes: LinkedOrdersClasses;
  /** The heading's level where the list is shown (2 on a page of its own, 3 inside the panel). */
  readonly level?: 2 | 3;
}

/** The answer when this browser's link to the character no longer holds (ended, expired, or another browser's). */
const LINK_REQUIRED = 1044;

const KNOWN_STATUSES = ['paid', 'delivering', 'delivered', 'delivery_failed', 'refunded'];

/**
 * "My orders by character" (issue 38): a linked character's paid orders from any linked browser, newest
 * first, each opening its receipt — `getLinkedOrders` (docs/api.md). Loading, empty, failed and
 * link-ended states; loaded on demand with the linked character's part.
 */
export function LinkedOrders({ characterKey, roleName, classes: c, level = 3 }: LinkedOrdersProps) {
  const { t, i18n } = useTranslation(LINKED_NAMESPACE);
  const titleId = useId();
  const key = `${characterKey.game_id}|${characterKey.area}|${characterKey.server_id}|${characterKey.role_id}|orders`;
  const orders = useQuery(key, (signal) => getLinkedOrders(characterKey, signal), { onError: 'page' });
  const Heading = level === 2 ? 'h2' : 'h3';
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const ended = isApiError(orders.error) && orders.error.ret === LINK_REQUIRED;

  return (
    <section className="lc-orders" aria-labelledby={titleId} data-testid="linked-orders">
      <Heading className={c.title} id={titleId}>
        {t('linked.orders.title', { name: roleName })}
      </Heading>
      {orders.loading && !orders.data ? (
        <p className={c.hint} role="status">
          {t('linked.orders.loading')}
        </p>
      ) : ended ? (
        <p className={c.error} role="alert" data-testid="linked-orders-ended">
          {t('linked.orders.ended', { name: roleName })}
        </p>
      ) : orders.error && !orders.data ? (
        <div className="lc-failed" role="alert">
          <p>{isApiError(orders.error) ? orders.error.message : t('linked.orders.failed')}</p>
          <button type="button" className={c.button} onClick={orders.retry}>
            {t('linked.retry')}
          </button>
        </div>
      ) : orders.data && orders.data.length === 0 ? (
        <p className={c.hint} data-testid="linked-orders-empty">
          {t('linked.orders.empty', { name: roleName })}
        </p>
      ) : orders.data ? (
        <ul className="lc-orders__list">
          {orders.data.map((order) => (
            <li key={order.order_id} className="lc-orders__item" data-order-id={order.order_id}>
              <span className="lc-orders__name">{order.product_name}</span>
              <span className="lc-orders__line">
                <span>
                  {order.amount} {order.currency}
                </span>{' '}
                · <time dateTime={order.created_at}>{when(order.created_at)}</time> ·{' '}
                <span data-testid="linked-order-status">{KNOWN_STATUSES.includes(order.status) ? t(`linked.orders.status.${order.status}`) : order.status}</span>
              </span>
              <span className={c.hint}>{order.order_id}</span>
              <a className={c.link} href={order.receipt} data-testid="linked-order-receipt">
                {t('linked.orders.receipt', { id: order.order_id })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
