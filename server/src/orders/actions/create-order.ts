import type { CreatedOrder } from '@topup/shared/types';
import { defineAction } from '../../api/action';
import { placeOrder } from '../place-order';
import { CREATE_ORDER_FIELDS } from './order-fields';

/** `createOrder` (and `pcpay/pay`): one order per `order_token`, priced by the server; answers where to pay. */
export const createOrder = defineAction({
  fields: CREATE_ORDER_FIELDS,
  signed: true,
  // It looks the character up: it counts against the role-lookup limit as well.
  roleLookup: true,
  limit: 'placeOrder',
  async handle(input, context): Promise<CreatedOrder> {
    const placed = await placeOrder(input, context);
    return { order_id: placed.orderId, pay_url: placed.payUrl };
  },
});
