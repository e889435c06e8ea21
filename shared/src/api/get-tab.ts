import type { GetTabPayload, TabData } from '@topup/shared/types';
import { callAction } from './family-a-client';

/** `getTab`: the product tabs, whether the submit page offers pay methods, and the game's rules. */
export function getTab(payload: GetTabPayload, signal?: AbortSignal): Promise<TabData> {
  return callAction<TabData>('getTab', { ...payload }, signal);
}
