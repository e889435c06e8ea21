import type { GetOrderInfoPayload, OrderInfo } from '../../types';
import { callPayCentre } from './call-pay-centre';

/** `getOrderInfo`: an order's status, amounts and timeline. */
export function getPayCentreOrder(payload: GetOrderInfoPayload, signal?: AbortSignal): Promise<OrderInfo> {
  return callPayCentre<OrderInfo>('getOrderInfo', { ...payload }, signal);
}
