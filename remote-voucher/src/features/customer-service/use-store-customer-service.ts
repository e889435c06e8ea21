import { useEffect } from 'react';
import { getCustUrl } from '@topup/shared/api';
import { useQuery } from '@topup/shared/query';
import { DEFAULT_CUSTOMER_SERVICE_URL, store } from '@topup/shared/store';

/**
 * The shell's floating customer-service button on the game list: the social-media page until the
 * server answers, then `custUrl` with empty game_id and area decides. No link or a failure: no
 * button, and nothing said (spec §8: `getCustUrl` answers "" then).
 */
export function useStoreCustomerService(): void {
  const link = useQuery('store-customer-service', () => getCustUrl({ game_id: '', area: '' }));
  useEffect(() => {
    const { setCustomerService, hideCustomerService } = store.getState();
    if (link.data === undefined) setCustomerService(DEFAULT_CUSTOMER_SERVICE_URL);
    else if (link.data) setCustomerService(link.data);
    else hideCustomerService();
  }, [link.data]);
}
