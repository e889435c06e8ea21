import type { Bundle, GetPayPricePayload } from '../../types';
import { asList, callPayCentre } from './call-pay-centre';

/** `priceList`: one tab's bundles, priced for the character when there is one, as `getPayPrice`. */
export async function getPayCentrePrices(payload: GetPayPricePayload, signal?: AbortSignal): Promise<Bundle[]> {
  return asList(await callPayCentre<readonly Bundle[] | null>('priceList', { ...payload }, signal));
}
