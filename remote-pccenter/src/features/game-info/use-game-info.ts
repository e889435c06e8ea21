import { useEffect, useState } from 'react';
import { getPayCentreTabs, showCallError, type TabData } from '@topup/shared';

/**
 * `priceTab` for a game in an area: its tabs and pay methods, and how its pages behave (name, icon,
 * regions, lookup by name, server signs, help image, currency). A refusal shows the server's msg.
 */
export function useGameInfo(gameId: string, area: string, locale: string): TabData | null {
  const [info, setInfo] = useState<TabData | null>(null);
  useEffect(() => {
    if (!gameId) return undefined;
    const controller = new AbortController();
    getPayCentreTabs({ game_id: gameId, area }, controller.signal).then(setInfo, (error: unknown) => {
      if (!controller.signal.aborted) showCallError(error);
    });
    return () => controller.abort();
  }, [gameId, area, locale]);
  return info;
}
