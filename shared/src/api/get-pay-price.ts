import type { Bundle, GetPayPricePayload } from '@topup/shared/types';
import { callAction } from './family-a-client';

/** `getPayPrice`: the bundles of one tab, priced for the confirmed character when there is one. */
export async function getPayPrice(payload: GetPayPricePayload, signal?: AbortSignal): Promise<Bundle[]> {
  const data = await callAction<readonly Bundle[] | null>('getPayPrice', { ...payload }, signal);
  return Array.isArray(data) ? [...data] : [];
}
