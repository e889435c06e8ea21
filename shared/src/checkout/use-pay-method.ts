import { useSessionState } from './session-state';
import type { PayType } from '@topup/shared/types';

/**
 * The pay-method choice: the player's pick while it is still offered, else the one the store
 * marks `checked`, else the first. An empty list (pmx_show 0) chooses none. With `keepKey`, the pick
 * is kept for the tab's session (a reload of the order page keeps it).
 */
export function usePayMethod(payTypes: readonly PayType[], keepKey: string | null = null) {
  const [picked, choose] = useSessionState(keepKey && `${keepKey}:pay`, '');
  const offered = payTypes.some((p) => p.pay_type === picked);
  const chosen = offered ? picked : ((payTypes.find((p) => Number(p.checked) === 1) ?? payTypes[0])?.pay_type ?? '');
  return { chosen, choose };
}
