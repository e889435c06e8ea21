import { useCallback, useEffect, useRef, useState } from 'react';
import { getOrderInfo, isApiError, type OrderInfo } from '@topup/shared';

/** How often the page asks while the order is still moving. */
export const POLL_INTERVAL_MS = 2000;

export interface OrderPolling {
  readonly order: OrderInfo | null;
  /** The last call's failure, localized; polling goes on after a transport failure. */
  readonly error: string | null;
  /** True once the order will not change any more: nothing is asked after that. */
  readonly finished: boolean;
  readonly checkAgain: () => void;
}

/**
 * Asks orderInfo now and every POLL_INTERVAL_MS until the order is final. A store that answers
 * ret ≠ 0 (no such order) stops the polling; a network failure only skips a beat.
 */
export function useOrderPolling(orderId: string): OrderPolling {
  const [order, setOrder] = useState<OrderInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stopped, setStopped] = useState(false);
  const [round, setRound] = useState(0);
  const finished = stopped || order?.final === 1;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!orderId || finished) return;
    const controller = new AbortController();
    getOrderInfo(orderId, controller.signal).then(
      (info) => {
        setOrder(info);
        setError(null);
        if (info.final !== 1) timer.current = setTimeout(() => setRound((n) => n + 1), POLL_INTERVAL_MS);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(isApiError(failure) ? failure.message : String(failure));
        if (isApiError(failure) && failure.kind === 'server') setStopped(true);
        else timer.current = setTimeout(() => setRound((n) => n + 1), POLL_INTERVAL_MS);
      },
    );
    return () => {
      controller.abort();
      clearTimeout(timer.current);
    };
  }, [orderId, round, finished]);

  const checkAgain = useCallback(() => {
    setStopped(false);
    setRound((n) => n + 1);
  }, []);

  return { order, error, finished, checkAgain };
}
