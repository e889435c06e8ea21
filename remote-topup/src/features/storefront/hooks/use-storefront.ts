import { useRef } from 'react';
import { getBanners, getTab, type ApiError } from '@topup/shared/api';
import { useQuery } from '@topup/shared/query';
import { takeStorefrontReads, type StorefrontReads } from '../early-storefront';

/**
 * Spec §4 initial load: the banners and the tab list (the server list loads with the character).
 * The reads the page's code started on arrival are used when they are for this game and area.
 * A failed banner read leaves no banners; a failed tab read ends the placeholders: the shelf says
 * so beside Retry (the one error dialog said why), unless the area does not sell the game at all.
 */
export function useStorefront(gameId: string, area: string) {
  const key = gameId ? `${gameId}|${area}` : null;
  const early = useRef<{ key: string | null; reads: Partial<StorefrontReads> } | null>(null);
  const takeEarly = <K extends keyof StorefrontReads>(part: K): StorefrontReads[K] | undefined => {
    if (early.current?.key !== key) early.current = { key, reads: takeStorefrontReads(gameId, area) ?? {} };
    const read = early.current.reads[part];
    early.current.reads = { ...early.current.reads, [part]: undefined };
    return read;
  };
  const payload = { game_id: gameId, area };
  const banners = useQuery(key, (signal) => takeEarly('banners') ?? getBanners(payload, signal));
  // The tabs and their shelf render as a transition, yielding to the player's input.
  const tabs = useQuery(key, (signal) => takeEarly('tabData') ?? getTab(payload, signal), { transition: true });
  return {
    banners: banners.data ?? (banners.error ? [] : null),
    tabData: tabs.data ?? null,
    // Why the tabs could not be read (an area that does not sell the game is ret 1004: reading again cannot help).
    tabsError: tabs.error as ApiError | undefined,
    retryTabs: tabs.retry,
  };
}
