import { getCustUrl } from '@topup/shared/api';
import { useCustomerService } from '@topup/shared/query';

/** The game's customer-service link (`custUrl`), on the shell's button and for a page's own link; without a game, the store-wide one. */
export function useGameCustomerService(gameId: string, area: string): string {
  return useCustomerService(`${gameId}|${area}`, () => getCustUrl({ game_id: gameId, area }));
}
