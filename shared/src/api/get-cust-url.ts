import { withSign } from '@topup/shared/sign';
import type { CustUrlData, CustUrlPayload } from '@topup/shared/types';
import { apiSettings } from './api-config';
import { requestFamilyB } from './family-b-client';

/**
 * Family B `custUrl`: the customer-service page for a game and area. Gives "" when there is
 * none or the call fails: customer service is never worth an error on screen (spec §8).
 */
export async function getCustUrl(payload: CustUrlPayload): Promise<string> {
  try {
    const envelope = await requestFamilyB<CustUrlData>('custUrl', 'post', withSign({ ...payload }, apiSettings.appKey));
    return typeof envelope.data?.social_media_url === 'string' ? envelope.data.social_media_url : '';
  } catch {
    return '';
  }
}
