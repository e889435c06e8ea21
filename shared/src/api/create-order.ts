import type { CreatedOrder, CreateOrderPayload } from '../types';
import { callAction } from './family-a-client';

/**
 * `createOrder`: places the order and answers where to pay. Send the same `order_token` on every
 * retry of one submission: the server answers with the same order instead of a second one.
 */
export function createOrder(payload: CreateOrderPayload, signal?: AbortSignal): Promise<CreatedOrder> {
  return callAction<CreatedOrder>('createOrder', { ...payload }, signal);
}

/** A new idempotency token for one submission of the submit page. */
export function newOrderToken(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Math.random()}`.slice(2);
  return `web-${Date.now().toString(36)}-${random}`;
}
