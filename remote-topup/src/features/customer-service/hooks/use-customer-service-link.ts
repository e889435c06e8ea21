import { useEffect } from 'react';
import { DEFAULT_CUSTOMER_SERVICE_URL, getCustUrl, store } from '@topup/shared';

/**
 * The floating customer-service button (drawn by the host from the shared store): the
 * social-media page until the server replies, then the game's link, or no button when there
 * is none or the call fails (spec §8: silent).
 */
export function useCustomerServiceLink(gameId: string, area: string): void {
  useEffect(() => {
    let current = true;
    store.getState().setCustomerService(DEFAULT_CUSTOMER_SERVICE_URL);
    void getCustUrl({ game_id: gameId, area }).then((url) => {
      if (!current) return;
      if (url) store.getState().setCustomerService(url);
      else store.getState().hideCustomerService();
    });
    return () => {
      current = false;
    };
  }, [gameId, area]);
}
