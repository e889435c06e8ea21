import { callAction } from '@topup/shared/api';
import type { OrderInfo } from '@topup/shared/types';

/** An order placed in this browser, as My orders lists it (read afresh from the store each time). */
export interface RememberedOrder {
  readonly order_id: string;
  readonly role_id: string;
  readonly game_id: string;
  readonly area: string;
  /** When it was placed or found (ISO). */
  readonly at: string;
}

const KEY = 'topup:my-orders';
/** The newest orders kept; older ones are still found by their id and character. */
export const MAX_REMEMBERED_ORDERS = 50;

function isRemembered(value: unknown): value is RememberedOrder {
  const order = value as Partial<RememberedOrder> | null;
  return typeof order?.order_id === 'string' && typeof order.role_id === 'string' && typeof order.game_id === 'string';
}

/** The orders of this browser, newest first (none when storage is off or holds something else). */
export function rememberedOrders(): RememberedOrder[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRemembered) : [];
  } catch {
    return [];
  }
}

function keep(orders: readonly RememberedOrder[]): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(orders.slice(0, MAX_REMEMBERED_ORDERS)));
  } catch {
    /* storage off or full: My orders finds orders by id and character instead */
  }
}

/** Puts an order at the top of this browser's list (once). */
export function rememberOrder(order: Omit<RememberedOrder, 'at'>): void {
  keep([{ ...order, at: new Date().toISOString() }, ...rememberedOrders().filter((o) => o.order_id !== order.order_id)]);
}

export function forgetOrder(orderId: string): void {
  keep(rememberedOrders().filter((o) => o.order_id !== orderId));
}

/** `findOrder`: an order by its id and its character's id (a wrong pair is "no such order"). */
export function findOrder(orderId: string, roleId: string, signal?: AbortSignal): Promise<OrderInfo> {
  return callAction<OrderInfo>('findOrder', { order_id: orderId, role_id: roleId }, signal);
}
