import type { OrderInfo } from '@topup/shared/types';
import { callAction } from '@topup/shared/api';

/** `orderInfo`: an order's state, amounts and timeline (the pay result page polls it). */
export function getOrderInfo(orderId: string, signal?: AbortSignal): Promise<OrderInfo> {
  return callAction<OrderInfo>('orderInfo', { order_id: orderId }, signal);
}
