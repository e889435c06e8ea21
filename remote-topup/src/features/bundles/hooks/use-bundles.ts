import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { type Bundle, type RoleInfo, type TabData } from '@topup/shared/types';
import { getPayPrice, sendReport } from '@topup/shared/api';
import { showCallError, showLoadingToast } from '@topup/shared/ui';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Options {
  readonly gameId: string;
  readonly area: string;
  readonly from: string;
  readonly tabData: TabData | null;
  /** The confirmed character, or null: prices (first-buy, limits) are that character's. */
  readonly role: RoleInfo | null;
}

const roleKeyOf = (role: RoleInfo | null) => (role ? `${role.role_id}|${role.uid}` : '');

/**
 * Spec §4: the tab list sets the first tab, loads its prices and reports type 1; a tab change
 * reloads prices and reports type 2; confirming (or re-entering) the character reloads prices.
 */
export function useBundles({ gameId, area, from, tabData, role }: Options) {
  const { t } = useTopUpTranslation();
  const [activeTab, setActiveTab] = useState('');
  const [bundles, setBundles] = useState<Bundle[] | null>(null);
  const pending = useRef<AbortController | null>(null);
  const current = useRef({ tab: '', role });
  const reportedLoad = useRef(false);

  const load = useCallback(
    async (tab: string, forRole: RoleInfo | null) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      current.current = { tab, role: forRole };
      setBundles(null);
      const toast = showLoadingToast(t('bundles.loading'));
      try {
        const list = await getPayPrice(
          { type: tab, game_id: gameId, area, role_id: forRole?.role_id ?? '', ln_uid: forRole?.uid ?? '' },
          controller.signal,
        );
        // The shelf is the page's biggest render: as a transition it yields to the player's input.
        if (!controller.signal.aborted) startTransition(() => setBundles(list));
      } catch (error) {
        if (controller.signal.aborted) return;
        setBundles([]);
        showCallError(error);
      } finally {
        toast.close();
      }
    },
    [gameId, area, t],
  );

  const report = useCallback(
    (reportType: 1 | 2, tab: string) =>
      void sendReport({ game_id: gameId, area, product_id: '', product_type: tab, report_type: reportType, from }),
    [gameId, area, from],
  );

  useEffect(() => {
    if (!tabData) return undefined;
    const first = tabData.tab_list[0] ?? '';
    setActiveTab(first);
    void load(first, current.current.role);
    if (!reportedLoad.current) {
      reportedLoad.current = true;
      report(1, first);
    }
    return () => pending.current?.abort();
  }, [tabData, load, report]);

  const roleKey = roleKeyOf(role);
  useEffect(() => {
    if (roleKey === roleKeyOf(current.current.role)) return;
    if (!tabData) {
      current.current = { ...current.current, role };
      return;
    }
    void load(current.current.tab, role);
    // `role` is read through its key: a new object for the same character changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roleKey, tabData, load]);

  const selectTab = useCallback(
    (tab: string) => {
      if (tab === current.current.tab) return;
      setActiveTab(tab);
      void load(tab, current.current.role);
      report(2, tab);
    },
    [load, report],
  );

  return { activeTab, bundles, selectTab };
}
