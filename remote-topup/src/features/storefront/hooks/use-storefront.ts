import { useEffect, useState } from 'react';
import { getBanners, getTab, type Banner, type TabData } from '@topup/shared';
import { showCallError } from '../../../lib/show-call-error';

/** Spec §4 initial load: the banners and the tab list (the server list loads with the character). */
export function useStorefront(gameId: string, area: string) {
  const [banners, setBanners] = useState<Banner[] | null>(null);
  const [tabData, setTabData] = useState<TabData | null>(null);

  useEffect(() => {
    if (!gameId) return undefined;
    const controller = new AbortController();
    const payload = { game_id: gameId, area };
    const fail = (error: unknown) => {
      if (!controller.signal.aborted) showCallError(error);
    };
    getBanners(payload, controller.signal).then(setBanners, (error: unknown) => {
      if (!controller.signal.aborted) setBanners([]);
      fail(error);
    });
    getTab(payload, controller.signal).then(setTabData, fail);
    return () => controller.abort();
  }, [gameId, area]);

  return { banners, tabData };
}
