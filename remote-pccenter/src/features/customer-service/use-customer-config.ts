import { pcpay } from '@topup/shared/pay-centre-api';
import { useCustomerService } from '@topup/shared/query';

/** The shell's customer-service button on pay-centre pages: `customerConfig` decides. */
export function useCustomerConfig(gameId: string, area: string): void {
  useCustomerService(`${gameId}|${area}`, (signal) => pcpay.customerConfig({ game_id: gameId, area }, signal));
}
