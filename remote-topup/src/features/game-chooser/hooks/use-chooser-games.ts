import { useMemo } from 'react';
import { pcpay, groupByGame, type ListedGame } from '@topup/shared/pay-centre-api';
import { useQuery } from '@topup/shared/query';

export type ChooserGamesState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly games: readonly ListedGame[] }
  | { readonly status: 'failed' };

/**
 * Every game in every area it is sold in: `payCenterList`, the pay centre's list (Family B's
 * `getPayGameList` gives each game in one area only). A failure shows the server's message (spec §8)
 * and the page offers Retry.
 */
export function useChooserGames() {
  const games = useQuery('every-game', (signal) => pcpay.payCenterList('', signal));
  const state = useMemo<ChooserGamesState>(() => {
    if (games.loading) return { status: 'loading' };
    if (games.error || !games.data) return { status: 'failed' };
    return { status: 'ready', games: groupByGame(games.data) };
  }, [games.loading, games.error, games.data]);
  return { state, reload: games.retry };
}
