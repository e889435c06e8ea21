import { useCallback, useEffect, useRef, useState } from 'react';
import { pcpay } from '@topup/shared/pay-centre-api';
import { useQuery } from '@topup/shared/query';
import type { Bundle, RoleInfo, TabData } from '@topup/shared/types';
import { reportActivity, type ReportContext } from '../../reports/report-view';

interface Options {
  readonly context: ReportContext;
  readonly tabData: TabData | null;
  /** The character the prices are for (first-purchase offers and limits are its own). */
  readonly role: RoleInfo;
  /** The page's language: names and descriptions come in it. */
  readonly locale: string;
}

export interface PriceList {
  readonly activeTab: string;
  /** The tab's bundles; null while they are read ([] when the read failed). */
  readonly bundles: readonly Bundle[] | null;
  /** Why the tab's bundles could not be read (shown with Retry), or null. */
  readonly error: unknown;
  readonly selectTab: (tab: string) => void;
  readonly retry: () => void;
}

/**
 * The bundles of /pcSubmit: the first tab once the tabs are known (page view, report 1), another
 * tab on a click (report 2). Prices come from `priceList` for the character.
 */
export function usePriceList({ context, tabData, role, locale }: Options): PriceList {
  const [picked, setPicked] = useState('');
  const tabs = tabData?.tab_list ?? null;
  // The tab clicked while the game still has it (a language switch renames the tabs: the first again).
  const activeTab = tabs ? (tabs.includes(picked) ? picked : (tabs[0] ?? '')) : '';
  const { gameId, area } = context;
  const list = useQuery(tabs ? [gameId, area, role.role_id, role.uid, activeTab, locale].join('|') : null, (signal) =>
    pcpay.priceList({ type: activeTab, game_id: gameId, area, role_id: role.role_id, ln_uid: role.uid }, signal),
    { onError: 'page' },
  );

  const reported = useRef(false);
  useEffect(() => {
    if (!tabs || reported.current) return;
    reported.current = true;
    reportActivity(context, 1, tabs[0] ?? '');
    // The report context is read once, with the first tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tabs]);

  const selectTab = useCallback(
    (tab: string) => {
      if (tab === activeTab) return;
      setPicked(tab);
      reportActivity(context, 2, tab);
    },
    [activeTab, context],
  );

  const failed = list.error !== null;
  return { activeTab, bundles: failed ? [] : (list.data ?? null), error: list.error, selectTab, retry: list.retry };
}
