import type { CreatedOrder, CreateOrderPayload } from '@topup/shared/types';
import { callAction } from '@topup/shared/api';

/**
 * `createOrder`: places the order and answers where to pay. Send the same `order_token` on every
 * retry of one submission: the server answers with the same order instead of a second one
 * (`usePlaceOrder` of @topup/shared/checkout keeps that policy).
 */
export function createOrder(payload: CreateOrderPayload, signal?: AbortSignal): Promise<CreatedOrder> {
  return callAction<CreatedOrder>('createOrder', { ...payload }, signal);
}

