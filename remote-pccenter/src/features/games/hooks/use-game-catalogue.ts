import { useEffect, useMemo, useState } from 'react';
import { getPayCentreBanners, getPayCentreGames, getVoucherGames, showCallError, type Banner, type PayGame } from '@topup/shared';
import { groupByGame, type StoreGame } from '../group-games';

export interface GameCatalogue {
  readonly banners: readonly Banner[] | null;
  /** Every game with its areas (`payCenterList`), null while loading. */
  readonly games: readonly StoreGame[] | null;
  /** The Voucher Center's games (`getPcszGameList`), null while loading. */
  readonly voucherGames: readonly PayGame[] | null;
}

/**
 * The home page's data: the pay centre's slides, every game and the voucher games. Names come in
 * the page's language, so a language switch asks again. A refusal shows the server's msg (spec §8).
 */
export function useGameCatalogue(area: string, locale: string): GameCatalogue {
  const [banners, setBanners] = useState<Banner[] | null>(null);
  const [entries, setEntries] = useState<PayGame[] | null>(null);
  const [voucherGames, setVoucherGames] = useState<PayGame[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const failed = <T,>(set: (value: T[]) => void) => (error: unknown) => {
      if (signal.aborted) return;
      set([]);
      showCallError(error);
    };
    getPayCentreBanners({ game_id: '', area: '' }, signal).then(setBanners, failed(setBanners));
    getPayCentreGames('', signal).then(setEntries, failed(setEntries));
    getVoucherGames(area, signal).then(setVoucherGames, failed(setVoucherGames));
    return () => controller.abort();
  }, [area, locale]);

  const games = useMemo(() => (entries ? groupByGame(entries) : null), [entries]);
  return { banners, games, voucherGames };
}
