import { useCallback, useEffect, useRef, useState } from 'react';
import { getPayCentrePrices, showCallError, type Bundle, type RoleInfo, type TabData } from '@topup/shared';
import { reportActivity, type ReportContext } from '../../reports/report-view';

interface Options {
  readonly context: ReportContext;
  readonly tabData: TabData | null;
  /** The character the prices are for (first-purchase offers and limits are its own). */
  readonly role: RoleInfo;
}

/**
 * The bundles of /pcSubmit: the first tab once the tabs are known (page view, report 1), another
 * tab on a click (report 2). Prices come from `priceList` for the character.
 */
export function usePriceList({ context, tabData, role }: Options) {
  const [activeTab, setActiveTab] = useState('');
  const [bundles, setBundles] = useState<Bundle[] | null>(null);
  const pending = useRef<AbortController | null>(null);
  const reported = useRef(false);
  const { gameId, area } = context;

  const load = useCallback(
    async (tab: string) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setBundles(null);
      try {
        const list = await getPayCentrePrices({ type: tab, game_id: gameId, area, role_id: role.role_id, ln_uid: role.uid }, controller.signal);
        if (!controller.signal.aborted) setBundles(list);
      } catch (error) {
        if (controller.signal.aborted) return;
        setBundles([]);
        showCallError(error);
      }
    },
    [gameId, area, role.role_id, role.uid],
  );

  useEffect(() => {
    if (!tabData) return undefined;
    const first = tabData.tab_list[0] ?? '';
    setActiveTab(first);
    void load(first);
    if (!reported.current) {
      reported.current = true;
      reportActivity(context, 1, first);
    }
    return () => pending.current?.abort();
    // The report context is read once, with the first tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tabData, load]);

  const selectTab = useCallback(
    (tab: string) => {
      if (tab === activeTab) return;
      setActiveTab(tab);
      void load(tab);
      reportActivity(context, 2, tab);
    },
    [activeTab, load, context],
  );

  /** After a purchase changes first-purchase offers and limits, or to retry. */
  const reload = useCallback(() => void load(activeTab), [load, activeTab]);

  return { activeTab, bundles, selectTab, reload };
}
