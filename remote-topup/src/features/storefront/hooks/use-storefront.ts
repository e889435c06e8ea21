import { startTransition, useEffect, useState } from 'react';
import type { Banner, TabData } from '@topup/shared';
import { showCallError } from '../../../lib/show-call-error';
import { readStorefront, takeStorefrontReads } from '../early-storefront';

interface Loaded<T> {
  /** The game and area the answer is for: a stale answer is never shown for a new area. */
  readonly key: string;
  readonly value: T;
}

/** Spec §4 initial load: the banners and the tab list (the server list loads with the character). */
export function useStorefront(gameId: string, area: string) {
  const key = `${gameId}|${area}`;
  const [banners, setBanners] = useState<Loaded<Banner[]> | null>(null);
  const [tabData, setTabData] = useState<Loaded<TabData> | null>(null);

  useEffect(() => {
    if (!gameId) return undefined;
    const controller = new AbortController();
    const payload = { game_id: gameId, area };
    const fail = (error: unknown) => {
      if (!controller.signal.aborted) showCallError(error);
    };
    // The reads the page's code started on arrival, when they are for this game and area.
    const reads = takeStorefrontReads(gameId, area) ?? readStorefront(payload, controller.signal);
    reads.banners.then(
      (value) => {
        if (!controller.signal.aborted) setBanners({ key, value });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setBanners({ key, value: [] });
        fail(error);
      },
    );
    // The tabs and their shelf render as a transition, yielding to the player's input.
    reads.tabData.then((value) => {
      if (!controller.signal.aborted) startTransition(() => setTabData({ key, value }));
    }, fail);
    return () => controller.abort();
  }, [gameId, area, key]);

  return {
    banners: banners?.key === key ? banners.value : null,
    tabData: tabData?.key === key ? tabData.value : null,
  };
}
