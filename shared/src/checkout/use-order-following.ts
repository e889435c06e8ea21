import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@topup/shared/api';
import { i18n } from '@topup/shared/store';
import type { OrderInfo } from '@topup/shared/types';

/** How often a page asks while the order is still moving. */
export const ORDER_POLL_MS = 2000;

export interface OrderFollowing {
  readonly order: OrderInfo | null;
  /** The last call's failure in the page's language, or null once a call succeeds again. */
  readonly error: string | null;
  /** True once nothing more is asked: the order is final, or the store does not know it. */
  readonly finished: boolean;
  /** Asks again now (and goes on following if the order is still moving). */
  readonly checkAgain: () => void;
}

/**
 * Following an order, the one polling policy of both result pages (/payResult and /pcpay): ask now
 * and every ORDER_POLL_MS until the order is final. A store that answers `ret` ≠ 0 (no such order)
 * stops the polling; a network failure only skips a beat, since a hiccup must not leave the player
 * without the result. The failure is handed to the page, which shows it beside "Check again".
 * `language` asks again when the page's language changes (the store words its texts per language).
 */
export function useOrderFollowing(
  orderId: string,
  read: (orderId: string, signal: AbortSignal) => Promise<OrderInfo>,
  language = '',
): OrderFollowing {
  const [order, setOrder] = useState<OrderInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stopped, setStopped] = useState(false);
  const [round, setRound] = useState(0);
  // Another order on the same page (the pay centre follows a post-purchase offer's order in place): start over.
  const [followed, setFollowed] = useState(orderId);
  if (followed !== orderId) {
    setFollowed(orderId);
    setOrder(null);
    setError(null);
    setStopped(false);
  }
  const finished = stopped || Number(order?.final) === 1;
  const latestRead = useRef(read);
  latestRead.current = read;

  useEffect(() => {
    if (!orderId || finished) return undefined;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      timer = setTimeout(() => setRound((n) => n + 1), ORDER_POLL_MS);
    };
    latestRead.current(orderId, controller.signal).then(
      (info) => {
        if (controller.signal.aborted) return;
        setOrder(info);
        setError(null);
        if (Number(info.final) !== 1) next();
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(isApiError(failure) ? failure.message : i18n.t('error.server', { ns: 'common' }));
        if (isApiError(failure) && failure.kind === 'server') setStopped(true);
        else next();
      },
    );
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, round, finished, language]);

  const checkAgain = useCallback(() => {
    setStopped(false);
    setRound((n) => n + 1);
  }, []);

  return { order, error, finished, checkAgain };
}
