import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@topup/shared/api';
import { showCallError } from '@topup/shared/ui';
import { rememberOrder } from './my-orders';
import { newOrderToken } from './order-token';
import { showCheckoutCheck } from './checkout-strings';

export interface OrderAttempt<T> {
  /** Spec: without the agreement ticked, 'Please agree protocal' and nothing is sent. */
  readonly agreed: boolean;
  /** Sends the order with the purchase's token (the storefront's own call: `pay` or `createOrder`). */
  readonly send: (orderToken: string) => Promise<T>;
  /** Whose order it is: a placed order goes on this browser's My orders. */
  readonly buyer: { readonly gameId: string; readonly area: string; readonly roleId: string };
  /** A refusal the page answers itself (true: no error dialog), such as a price changed meanwhile. */
  readonly answer?: (error: unknown) => boolean;
}

/**
 * Placing an order, the one token policy of both storefronts:
 * - one token per purchase (`purchaseKey`: what is bought, how and for whom); a retry of the same
 *   purchase (a double tap, a lost answer) sends the same token, so the server answers with the
 *   same order;
 * - a new token after the server refused the order (none was placed with it), for another
 *   purchase, and when the browser restores the page from its cache (back from the payment page);
 * - while a call is out, another tap does nothing; after success the page is leaving, so it stays
 *   busy until it is restored.
 */
export function usePlaceOrder(purchaseKey: string) {
  const token = useRef({ key: purchaseKey, value: newOrderToken() });
  const busy = useRef(false);
  const [placing, setPlacing] = useState(false);
  if (token.current.key !== purchaseKey) token.current = { key: purchaseKey, value: newOrderToken() };

  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      token.current = { key: token.current.key, value: newOrderToken() };
      busy.current = false;
      setPlacing(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const placeOrder = useCallback(async <T extends { readonly order_id: string },>({ agreed, send, buyer, answer }: OrderAttempt<T>): Promise<T | null> => {
    if (!agreed) {
      showCheckoutCheck('validation.agreeProtocol');
      return null;
    }
    if (busy.current) return null;
    busy.current = true;
    setPlacing(true);
    try {
      const placed = await send(token.current.value);
      rememberOrder({ order_id: placed.order_id, role_id: buyer.roleId, game_id: buyer.gameId, area: buyer.area });
      return placed;
    } catch (error) {
      if (isApiError(error) && error.kind === 'server') token.current = { key: token.current.key, value: newOrderToken() };
      if (!answer?.(error)) showCallError(error);
      busy.current = false;
      setPlacing(false);
      return null;
    }
  }, []);

  return { placeOrder, placing };
}
