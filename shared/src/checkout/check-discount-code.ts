import type { CheckDiscountCodePayload, DiscountCheck } from '@topup/shared/types';
import { callAction } from '@topup/shared/api';

/** `checkDiscountCode`: whether a code applies to the bundle for this character, and the price with it. */
export function checkDiscountCode(payload: CheckDiscountCodePayload, signal?: AbortSignal): Promise<DiscountCheck> {
  return callAction<DiscountCheck>('checkDiscountCode', { ...payload }, signal);
}
