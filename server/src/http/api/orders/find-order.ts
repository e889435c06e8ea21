import type { OrderInfo } from '@topup/shared/types';
import { readOrderWithTimeline } from '../../../orders';
import { defineAction } from '../action';
import { missing, orderNotFound } from '../api-error';
import { FIELD } from '../fields';
import { toOrderInfo } from './order-info-answer';

/**
 * `findOrder`: an order found by its order id **and** its character's id (My orders' lookup, the
 * receipt). A wrong pair is answered exactly like an unknown order, so an order id alone tells
 * nobody whether the order exists or whose it is.
 */
export const findOrder = defineAction({
  fields: { order_id: FIELD.orderId, role_id: FIELD.roleId },
  signed: true,
  limit: 'followOrder',
  async handle(input, { db, catalogue, locale, orders }): Promise<OrderInfo> {
    const orderId = (input.order_id ?? '').trim();
    const roleId = (input.role_id ?? '').trim();
    if (orderId === '') throw missing('order_id');
    if (roleId === '') throw missing('role_id');
    const found = await readOrderWithTimeline(db, orderId);
    if (!found || found.order.role_id !== roleId) throw orderNotFound();
    return toOrderInfo(found, catalogue, locale, orders.payments, orders.seller ?? null);
  },
});
