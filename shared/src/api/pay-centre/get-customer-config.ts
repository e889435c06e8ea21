import type { CustomerConfigData, CustUrlPayload } from '../../types';
import { callPayCentre } from './call-pay-centre';

/**
 * `customerConfig`: the customer-service link when the button should show, otherwise "". A failure
 * gives "" too: customer service is never worth an error on screen (spec §8).
 */
export async function getCustomerServiceLink(payload: CustUrlPayload, signal?: AbortSignal): Promise<string> {
  try {
    const data = await callPayCentre<CustomerConfigData | null>('customerConfig', { ...payload }, signal);
    const url = typeof data?.social_media_url === 'string' ? data.social_media_url : '';
    return Number(data?.show) === 1 ? url : '';
  } catch {
    return '';
  }
}
