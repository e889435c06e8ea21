import { pcpay } from '@topup/shared/pay-centre-api';
import { useQuery } from '@topup/shared/query';
import type { TabData } from '@topup/shared/types';

/**
 * `priceTab` for a game in an area: its tabs and pay methods, and how its pages behave (name, icon,
 * regions, lookup by name, server signs, help image, currency). Names come in the page's language,
 * so a language switch asks again. A refusal shows the server's msg.
 */
export function useGameInfo(gameId: string, area: string, locale: string): TabData | null {
  const info = useQuery(gameId ? `${gameId}|${area}|${locale}` : null, (signal) => pcpay.priceTab({ game_id: gameId, area }, signal));
  return info.data ?? null;
}
