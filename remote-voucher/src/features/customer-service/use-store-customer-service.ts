import { getCustUrl } from '@topup/shared/api';
import { useCustomerService } from '@topup/shared/query';

/** The shell's customer-service button on the game list: `custUrl` with empty game_id and area. */
export function useStoreCustomerService(): void {
  useCustomerService('store-customer-service', () => getCustUrl({ game_id: '', area: '' }));
}
