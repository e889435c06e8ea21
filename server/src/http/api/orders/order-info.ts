import type { OrderInfo } from '@topup/shared/types';
import { readOrderWithTimeline } from '../../../orders';
import { defineAction } from '../action';
import { missing, orderNotFound } from '../api-error';
import { FIELD } from '../fields';
import { toOrderInfo } from './order-info-answer';

/** `orderInfo` (and `pcpay/getOrderInfo`): an order's state, amounts and timeline. */
export const orderInfo = defineAction({
  fields: { order_id: FIELD.orderId },
  signed: true,
  limit: 'followOrder',
  async handle(input, { db, catalogue, locale, orders, storefront }): Promise<OrderInfo> {
    const orderId = input.order_id ?? '';
    if (orderId === '') throw missing('order_id');
    const found = await readOrderWithTimeline(db, orderId);
    if (!found) throw orderNotFound();
    return toOrderInfo(found, catalogue, locale, orders.payments, orders.seller ?? null, storefront);
  },
});
