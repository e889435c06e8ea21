import { useEffect, useState } from 'react';
import { DEFAULT_CUSTOMER_SERVICE_URL, getCustUrl, store } from '@topup/shared';

/**
 * The game's customer-service link for the order pages: shown by the shell's floating button and
 * returned for the page's own link. The social-media page until the server replies; "" (no
 * button) when the game has none or the call fails.
 */
export function useGameCustomerService(gameId: string, area: string): string {
  const [url, setUrl] = useState(DEFAULT_CUSTOMER_SERVICE_URL);
  useEffect(() => {
    if (!gameId) return;
    let current = true;
    store.getState().setCustomerService(DEFAULT_CUSTOMER_SERVICE_URL);
    void getCustUrl({ game_id: gameId, area }).then((found) => {
      if (!current) return;
      setUrl(found);
      if (found) store.getState().setCustomerService(found);
      else store.getState().hideCustomerService();
    });
    return () => {
      current = false;
    };
  }, [gameId, area]);
  return url;
}
