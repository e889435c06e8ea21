import { useCallback, useRef } from 'react';
import { type Bundle, type RoleInfo, type Server } from '@topup/shared/types';
import { submitQuery } from '@topup/shared/rules';
import { useStoreNavigate } from '@topup/shared/store';
import { sendReport } from '@topup/shared/api';
import { showCallError, showLoadingToast, showMessageDialog } from '@topup/shared/ui';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Options {
  readonly gameId: string;
  readonly area: string;
  readonly from: string;
  readonly activeTab: string;
  readonly pmxShow: number;
  /** The confirmed character, or null. */
  readonly role: RoleInfo | null;
  readonly server: Server | null;
  readonly lookUpAgain: (role: RoleInfo) => Promise<RoleInfo>;
}

/**
 * Spec §4 "Buying": without a confirmed character a dialog asks for one; otherwise the
 * character is looked up again, the purchase intent is reported (type 3) and the player goes
 * to /submit with the bundle, pmx_show, type, roleInfo and server_sign.
 */
export function useBuyBundle({ gameId, area, from, activeTab, pmxShow, role, server, lookUpAgain }: Options) {
  const { t } = useTopUpTranslation();
  const navigate = useStoreNavigate();
  const busy = useRef(false);

  return useCallback(
    async (bundle: Bundle) => {
      if (!role) {
        await showMessageDialog(t('buy.confirmFirst'));
        return;
      }
      if (busy.current) return;
      busy.current = true;
      const toast = showLoadingToast(t('buy.checking'), { duration: 0 });
      try {
        const fresh = await lookUpAgain(role);
        await sendReport({ game_id: gameId, area, product_id: bundle.product_id, product_type: activeTab, report_type: 3, from });
        navigate('/submit', submitQuery({ bundle, pmxShow, type: activeTab, role: fresh, serverSign: server?.server_sign ?? '' }));
      } catch (error) {
        showCallError(error);
      } finally {
        toast.close();
        busy.current = false;
      }
    },
    [role, t, lookUpAgain, gameId, area, activeTab, from, navigate, pmxShow, server],
  );
}
