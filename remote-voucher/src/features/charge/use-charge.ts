import { useCallback, useEffect, useRef, useState } from 'react';
import { type PayGame } from '@topup/shared/types';
import { useStoreNavigate } from '@topup/shared/store';

/**
 * Spec §2: 'Charge' goes to the top-up page `/` with the game's game_id and area and the page's
 * `from`. The game being opened shows a loading state while the navigation runs, restored
 * afterwards (also when the navigation is ignored as a duplicate).
 */
export function useCharge(from: string) {
  const navigate = useStoreNavigate();
  const [opening, setOpening] = useState<number | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const charge = useCallback(
    (game: PayGame) => {
      if (opening !== null) return;
      setOpening(game.game_id);
      // One frame for the loading state to paint before the next page takes over.
      window.requestAnimationFrame(() => {
        try {
          navigate('/', { game_id: game.game_id, area: game.area, from });
        } finally {
          if (mounted.current) setOpening(null);
        }
      });
    },
    [opening, navigate, from],
  );

  return { opening, charge };
}
