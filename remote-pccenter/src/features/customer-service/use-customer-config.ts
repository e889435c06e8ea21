import { useEffect } from 'react';
import { pcpay } from '@topup/shared/pay-centre-api';
import { useQuery } from '@topup/shared/query';
import { DEFAULT_CUSTOMER_SERVICE_URL, store } from '@topup/shared/store';

/**
 * The shell's floating customer-service button on pay-centre pages: the social-media page until
 * the server answers, then `customerConfig` decides (no button when it says none, or fails).
 */
export function useCustomerConfig(gameId: string, area: string): void {
  const link = useQuery(`${gameId}|${area}`, (signal) => pcpay.customerConfig({ game_id: gameId, area }, signal));
  useEffect(() => {
    const { setCustomerService, hideCustomerService } = store.getState();
    if (link.data === undefined) setCustomerService(DEFAULT_CUSTOMER_SERVICE_URL);
    else if (link.data) setCustomerService(link.data);
    else hideCustomerService();
  }, [link.data]);
}
