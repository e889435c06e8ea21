import { useEffect } from 'react';
import { DEFAULT_CUSTOMER_SERVICE_URL, getCustomerServiceLink, store } from '@topup/shared';

/**
 * The shell's floating customer-service button on pay-centre pages: the social-media page until
 * the server answers, then `customerConfig` decides (no button when it says none, or fails).
 */
export function useCustomerConfig(gameId: string, area: string): void {
  useEffect(() => {
    const controller = new AbortController();
    store.getState().setCustomerService(DEFAULT_CUSTOMER_SERVICE_URL);
    void getCustomerServiceLink({ game_id: gameId, area }, controller.signal).then((url) => {
      if (controller.signal.aborted) return;
      if (url) store.getState().setCustomerService(url);
      else store.getState().hideCustomerService();
    });
    return () => controller.abort();
  }, [gameId, area]);
}
