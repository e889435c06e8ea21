import { useEffect } from 'react';
import { getCustUrl } from '@topup/shared/api';
import { useQuery } from '@topup/shared/query';
import { DEFAULT_CUSTOMER_SERVICE_URL, store } from '@topup/shared/store';

/**
 * The game's customer-service link: shown by the shell's floating button and returned for a
 * page's own link. The social-media page until the server replies; "" (no button) when the game
 * has none or the call fails (spec §8: silent). Without a game, the store-wide link.
 */
export function useGameCustomerService(gameId: string, area: string): string {
  const link = useQuery(`${gameId}|${area}`, () => getCustUrl({ game_id: gameId, area }), { onError: 'page' });
  const url = link.loading ? DEFAULT_CUSTOMER_SERVICE_URL : link.error ? '' : (link.data ?? '');
  useEffect(() => {
    if (url) store.getState().setCustomerService(url);
    else store.getState().hideCustomerService();
  }, [url]);
  return url;
}
