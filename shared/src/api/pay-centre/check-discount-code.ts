import type { CheckDiscountCodePayload, DiscountCheck } from '../../types';
import { callPayCentre } from './call-pay-centre';

/** `checkDiscountCode`: what a code takes off one bundle for one character (the server prices it). */
export function checkPayCentreDiscountCode(payload: CheckDiscountCodePayload, signal?: AbortSignal): Promise<DiscountCheck> {
  return callPayCentre<DiscountCheck>('checkDiscountCode', { ...payload }, signal);
}
