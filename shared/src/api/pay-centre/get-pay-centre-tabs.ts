import type { GetTabPayload, TabData } from '../../types';
import { callPayCentre } from './call-pay-centre';

/** `priceTab`: the product tabs, the pay methods and the game's rules, as `getTab`. */
export function getPayCentreTabs(payload: GetTabPayload, signal?: AbortSignal): Promise<TabData> {
  return callPayCentre<TabData>('priceTab', { ...payload }, signal);
}
