import { useEffect, useRef, useState } from 'react';
import { getPayCentreOrder, showCallError, type OrderInfo } from '@topup/shared';

/** How often the page asks while an order is still moving. */
export const ORDER_POLL_MS = 2000;

/**
 * The live result of /pcpay: `getOrderInfo` now and every two seconds until the order is final
 * (delivered, declined, expired, refunded). The first failure shows its message (spec §8); the
 * page keeps asking, since a network hiccup must not leave the player without the result.
 */
export function useOrderProgress(orderId: string, locale: string): OrderInfo | null {
  const [order, setOrder] = useState<OrderInfo | null>(null);
  const told = useRef(false);

  useEffect(() => {
    if (!orderId) return undefined;
    const controller = new AbortController();
    let timer: number | undefined;
    const poll = async () => {
      try {
        const next = await getPayCentreOrder({ order_id: orderId }, controller.signal);
        if (controller.signal.aborted) return;
        setOrder(next);
        told.current = false;
        if (Number(next.final) === 1) return;
      } catch (error) {
        if (controller.signal.aborted) return;
        if (!told.current) showCallError(error);
        told.current = true;
      }
      timer = window.setTimeout(() => void poll(), ORDER_POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [orderId, locale]);

  return order;
}
