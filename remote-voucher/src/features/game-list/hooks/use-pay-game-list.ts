import { useCallback, useEffect, useState } from 'react';
import { getPayGameList, isApiError, showMessageDialog, type PayGame } from '@topup/shared';

export type GameListState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly games: readonly PayGame[] }
  | { readonly status: 'failed' };

/**
 * Spec §4 "Game list screen": loading, then the list (ret 0) or an alert with the server's msg.
 * `reload` asks again after a failure.
 */
export function usePayGameList() {
  const [state, setState] = useState<GameListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    getPayGameList().then(
      (games) => {
        if (current) setState({ status: 'ready', games });
      },
      (error: unknown) => {
        if (!current) return;
        setState({ status: 'failed' });
        if (!isApiError(error)) console.error('[voucher] game list failed', error);
        void showMessageDialog(isApiError(error) ? error.message : String(error));
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
