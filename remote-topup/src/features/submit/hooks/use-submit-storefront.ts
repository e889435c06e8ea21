import { getTab } from '@topup/shared/api';
import { useQuery } from '@topup/shared/query';
import type { PayType } from '@topup/shared/types';

export interface SubmitStorefront {
  readonly gameName: string;
  readonly payTypes: readonly PayType[];
  readonly loaded: boolean;
}

/** The game's name and pay methods (getTab's pay_type_list). */
export function useSubmitStorefront(gameId: string, area: string): SubmitStorefront {
  const tab = useQuery(`${gameId}|${area}`, (signal) => getTab({ game_id: gameId, area }, signal)).data;
  return { gameName: tab?.game.game_name ?? '', payTypes: tab?.pay_type_list ?? [], loaded: tab !== undefined };
}
