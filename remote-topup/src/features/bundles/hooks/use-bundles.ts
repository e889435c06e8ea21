import { useCallback, useEffect, useRef, useState } from 'react';
import { getPayPrice, sendReport } from '@topup/shared/api';
import { useQuery } from '@topup/shared/query';
import type { Bundle, RoleInfo, TabData } from '@topup/shared/types';
import { showLoadingToast } from '@topup/shared/ui';
import { readSession, writeSession } from '../../../lib/tab-session';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Options {
  readonly gameId: string;
  readonly area: string;
  readonly from: string;
  readonly tabData: TabData | null;
  /** The confirmed character, or null: prices (first-buy, limits) are that character's. */
  readonly role: RoleInfo | null;
}

export interface Shelf {
  readonly activeTab: string;
  /** The tab's bundles; null while they are read (or could not be). */
  readonly bundles: readonly Bundle[] | null;
  /** The last read failed: the shelf says so beside Retry (the error dialog showed once too). */
  readonly failed: boolean;
  readonly selectTab: (tab: string) => void;
  readonly retry: () => void;
}

/**
 * Spec §4: the tab list sets the first tab, loads its prices and reports type 1; a tab change
 * reloads prices and reports type 2; confirming (or re-entering) the character reloads prices. The
 * prices are one query (`useQuery`): a new tab or character cancels the read under way, the shelf is
 * set as a transition (the page's biggest render yields to the player's input), and a loading toast
 * shows while it is read.
 */
export function useBundles({ gameId, area, from, tabData, role }: Options): Shelf {
  const { t } = useTopUpTranslation();
  // The tab the player chose, for the tab list it was chosen from (new tabs start at their first).
  const [chosen, setChosen] = useState<{ readonly tabs: TabData; readonly tab: string } | null>(null);
  // The tab chosen earlier in this browser tab (Back from the order page, a reload) opens again.
  const tabKey = `topup:tab:${gameId}|${area}`;
  const kept = tabData && readSession(tabKey);
  const opening = kept && tabData.tab_list.includes(kept) ? kept : (tabData?.tab_list[0] ?? '');
  const activeTab = tabData ? (chosen?.tabs === tabData ? chosen.tab : opening) : '';
  const roleId = role?.role_id ?? '';
  const uid = role?.uid ?? '';
  const prices = useQuery(
    tabData ? `${gameId}|${area}|${activeTab}|${roleId}|${uid}` : null,
    (signal) => {
      // Spec §8: a loading toast while the list is read, gone as soon as it answers (or is cancelled).
      const toast = showLoadingToast(t('bundles.loading'));
      return getPayPrice({ type: activeTab, game_id: gameId, area, role_id: roleId, ln_uid: uid }, signal).finally(() => toast.close());
    },
    { transition: true },
  );

  const report = useCallback(
    (reportType: 1 | 2, tab: string) => void sendReport({ game_id: gameId, area, product_id: '', product_type: tab, report_type: reportType, from }),
    [gameId, area, from],
  );
  const reportedLoad = useRef(false);
  useEffect(() => {
    if (!tabData || reportedLoad.current) return;
    reportedLoad.current = true;
    report(1, tabData.tab_list[0] ?? '');
  }, [tabData, report]);

  const selectTab = useCallback(
    (tab: string) => {
      if (!tabData || tab === activeTab) return;
      setChosen({ tabs: tabData, tab });
      writeSession(tabKey, tab);
      report(2, tab);
    },
    [tabData, activeTab, report, tabKey],
  );

  return { activeTab, bundles: prices.data ?? null, failed: Boolean(prices.error), selectTab, retry: prices.retry };
}
