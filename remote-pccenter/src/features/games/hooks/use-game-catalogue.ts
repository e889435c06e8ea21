import { useMemo } from 'react';
import { pcpay, groupByGame, type ListedGame } from '@topup/shared/pay-centre-api';
import { useQuery } from '@topup/shared/query';
import type { Banner, PayGame } from '@topup/shared/types';

export interface GameCatalogue {
  /** The pay centre's slides, null while loading ([] when they could not be read). */
  readonly banners: readonly Banner[] | null;
  /** Every game with its areas (`payCenterList`), null while loading. */
  readonly games: readonly ListedGame[] | null;
  /** The Voucher Center's games (`getPcszGameList`), null while loading. */
  readonly voucherGames: readonly PayGame[] | null;
  /** The first failure of the three reads, for the page to show beside Retry; null when all answered. */
  readonly error: unknown;
  /** Reads again what failed. */
  readonly retry: () => void;
}

/**
 * The home page's data: the pay centre's slides, every game and the voucher games. Names come in
 * the page's language, so a language switch asks again. A failure is the page's to show (with
 * Retry), in place of the lists it left empty.
 */
export function useGameCatalogue(area: string, locale: string): GameCatalogue {
  const options = { onError: 'page' } as const;
  const banners = useQuery(`banners|${locale}`, (signal) => pcpay.banner({ game_id: '', area: '' }, signal), options);
  const entries = useQuery(`games|${locale}`, (signal) => pcpay.payCenterList('', signal), options);
  const vouchers = useQuery(`vouchers|${area}|${locale}`, (signal) => pcpay.getPcszGameList(area, signal), options);

  const games = useMemo(() => (entries.data ? groupByGame(entries.data) : null), [entries.data]);
  const reads = [banners, entries, vouchers];
  const failed = reads.filter((read) => read.error !== null);
  return {
    banners: banners.error !== null ? [] : (banners.data ?? null),
    games: entries.error !== null ? [] : games,
    voucherGames: vouchers.error !== null ? [] : (vouchers.data ?? null),
    error: failed[0]?.error ?? null,
    retry: () => failed.forEach((read) => read.retry()),
  };
}
