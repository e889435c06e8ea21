import { useEffect } from 'react';
import { DEFAULT_CUSTOMER_SERVICE_URL, getCustUrl, store } from '@topup/shared';

/**
 * The shell's floating customer-service button on the game list: the social-media page until the
 * server answers, then `custUrl` with empty game_id and area decides. No link or a failure: no
 * button, and nothing said (spec §8).
 */
export function useStoreCustomerService(): void {
  useEffect(() => {
    let current = true;
    store.getState().setCustomerService(DEFAULT_CUSTOMER_SERVICE_URL);
    void getCustUrl({ game_id: '', area: '' }).then((url) => {
      if (!current) return;
      if (url) store.getState().setCustomerService(url);
      else store.getState().hideCustomerService();
    });
    return () => {
      current = false;
    };
  }, []);
}
