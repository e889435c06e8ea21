import type { SignablePayload } from '../../sign';
import { callAction } from '../family-a-client';

/** The fifteen pay-centre actions of spec §7 (`POST /api/pcpay/<name>`). */
export const PAY_CENTRE_ACTIONS = [
  'payCenterList',
  'priceList',
  'serverList',
  'roleInfo',
  'pay',
  'banner',
  'getOrderInfo',
  'priceTab',
  'checkDiscountCode',
  'customerConfig',
  'report',
  'getPcszGameList',
  'getPcszServerList',
  'getPczsRoleList',
  'getPcszLastLoginRole',
] as const;

export type PayCentreAction = (typeof PAY_CENTRE_ACTIONS)[number];

/**
 * Calls one pay-centre action and gives back its `data`. The pay centre follows Family A: signed
 * form posts, the `{ ret, data, msg }` envelope, `ret` ≠ 0 and transport failures as an ApiError.
 */
export function callPayCentre<T>(action: PayCentreAction, payload: SignablePayload, signal?: AbortSignal): Promise<T> {
  return callAction<T>(`pcpay/${action}`, payload, signal);
}

/** A list answer, or an empty list when the server sent none. */
export function asList<T>(data: readonly T[] | null | undefined): T[] {
  return Array.isArray(data) ? [...data] : [];
}
