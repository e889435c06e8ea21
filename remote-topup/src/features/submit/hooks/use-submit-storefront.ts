import { useEffect, useState } from 'react';
import { getTab, type PayType, type TabData } from '@topup/shared';
import { showCallError } from '../../../lib/show-call-error';

export interface SubmitStorefront {
  readonly gameName: string;
  readonly payTypes: readonly PayType[];
  readonly loaded: boolean;
}

/** The game's name and pay methods (getTab's pay_type_list, the first checked). */
export function useSubmitStorefront(gameId: string, area: string): SubmitStorefront {
  const [tab, setTab] = useState<TabData | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getTab({ game_id: gameId, area }, controller.signal).then(setTab, (error: unknown) => {
      if (!controller.signal.aborted) showCallError(error);
    });
    return () => controller.abort();
  }, [gameId, area]);
  return { gameName: tab?.game.game_name ?? '', payTypes: tab?.pay_type_list ?? [], loaded: tab !== null };
}
