import type { CreatedOrder, PayPayload } from '../../types';
import { callPayCentre } from './call-pay-centre';

/**
 * `pay`: places the order (one per `order_token`, so a retry or a double click places one) and
 * answers where the player pays.
 */
export function createPayCentreOrder(payload: PayPayload, signal?: AbortSignal): Promise<CreatedOrder> {
  return callPayCentre<CreatedOrder>('pay', { ...payload }, signal);
}
