import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { findOrder, forgetOrder, isLinkedBrowser, MAX_REMEMBERED_ORDERS, rememberedOrders, rememberOrder } from '@topup/shared/checkout';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { useTopUpTranslation } from '../lib/use-topup-translation';
import { errorText } from '../features/my-orders/error-text';
import { FindOrderForm } from '../features/my-orders/components/FindOrderForm';
import { OrderRow } from '../features/my-orders/components/OrderRow';
import { linkedOrdersCharacterOf } from '../features/my-orders/linked-orders-query';
import '../lib/order-page.css';
import '../features/my-orders/my-orders.css';

// "My orders by character": its code, strings and styles load only in a browser that linked a character.
const LinkedOrdersSection = lazy(() => import('../features/my-orders/components/LinkedOrdersSection'));

/**
 * /orders: the orders placed in this browser, each read afresh, and any other order found by its
 * number and character ID (`?order_id=&role_id=` looks one up at once, e.g. from the help page), and,
 * in a browser that linked characters, "My orders by character" (`?character=` opens one's orders).
 */
export function OrdersPage() {
  const { t } = useTopUpTranslation();
  useScrollToTop();
  const [params] = useSearchParams();
  const [orders, setOrders] = useState(rememberedOrders);
  const [searching, setSearching] = useState(false);
  const [refusal, setRefusal] = useState('');
  const pending = useRef<AbortController | null>(null);

  const find = useCallback(
    async (orderId: string, roleId: string) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setSearching(true);
      setRefusal('');
      try {
        const order = await findOrder(orderId, roleId, controller.signal);
        rememberOrder({ order_id: order.order_id, role_id: order.role_id, game_id: String(order.game_id), area: order.area });
        setOrders(rememberedOrders());
      } catch (error) {
        if (!controller.signal.aborted) setRefusal(errorText(error, t('myOrders.row.failed', { id: orderId })));
      } finally {
        if (!controller.signal.aborted) setSearching(false);
      }
    },
    [t],
  );

  const openedCharacter = linkedOrdersCharacterOf(params.get('character'));
  const linkedBrowser = openedCharacter !== null || isLinkedBrowser();
  const linkedOrder = (params.get('order_id') ?? '').trim();
  const linkedRole = (params.get('role_id') ?? '').trim();
  useEffect(() => {
    if (linkedOrder && linkedRole) void find(linkedOrder, linkedRole);
    return () => pending.current?.abort();
  }, [linkedOrder, linkedRole, find]);

  const remove = (orderId: string) => {
    forgetOrder(orderId);
    setOrders(rememberedOrders());
  };

  return (
    <div className="od-page mo-page" data-testid="my-orders">
      <header className="od-header">
        <Link className="od-header__back" to="/" aria-label={t('myOrders.back')}>
          ‹
        </Link>
        <h1>{t('myOrders.title')}</h1>
      </header>
      {linkedBrowser ? (
        <Suspense fallback={null}>
          <LinkedOrdersSection key={params.get('character') ?? ''} opened={openedCharacter} />
        </Suspense>
      ) : null}
      <FindOrderForm startOrderId={linkedOrder} startRoleId={linkedRole} searching={searching} refusal={refusal} onFind={(id, role) => void find(id, role)} />
      <section aria-labelledby="mo-list-title" className="mo-list">
        <h2 className="od-card__title" id="mo-list-title">
          {t('myOrders.list.title')}
        </h2>
        {orders.length === 0 ? (
          <p className="od-card mo-muted" data-testid="my-orders-empty">
            {t('myOrders.list.empty')}
          </p>
        ) : (
          <>
            <ul className="mo-orders">
              {orders.map((remembered) => (
                <OrderRow key={remembered.order_id} remembered={remembered} onRemove={remove} />
              ))}
            </ul>
            <p className="mo-muted">{t('myOrders.list.note', { count: MAX_REMEMBERED_ORDERS })}</p>
          </>
        )}
      </section>
    </div>
  );
}
