import { getPayGameList } from '@topup/shared/api';
import { useQuery } from '@topup/shared/query';
import type { PayGame } from '@topup/shared/types';

export type GameListState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly games: readonly PayGame[] }
  | { readonly status: 'failed' };

/**
 * Spec §4 "Game list screen": loading, then the list (ret 0) or an alert with the server's msg
 * (the query's error dialog). `reload` asks again after a failure.
 */
export function usePayGameList() {
  const list = useQuery('pay-game-list', () => getPayGameList());
  const state: GameListState = list.loading
    ? { status: 'loading' }
    : list.data
      ? { status: 'ready', games: list.data }
      : { status: 'failed' };
  return { state, reload: list.retry };
}
