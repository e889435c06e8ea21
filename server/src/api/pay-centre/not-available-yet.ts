import { defineAction, type FieldSchema } from '../action';
import { ApiError } from '../api-error';
import { FIELD } from '../fields';
import { RET } from '../ret-codes';

/** An action whose payload is fixed and signed, answering ret 1008 until orders exist. */
function notAvailableYet(fields: Readonly<Record<string, FieldSchema>>) {
  return defineAction({
    fields,
    signed: true,
    async handle() {
      throw new ApiError(RET.NOT_AVAILABLE_YET, 'notAvailableYet');
    },
  });
}

/** `pay`: creates an order and answers where to pay (with the orders of the next release). */
export const pay = notAvailableYet({
  game_id: FIELD.gameId,
  area: FIELD.area,
  server_id: FIELD.serverId,
  role_id: FIELD.roleId,
  uid: FIELD.uid,
  product_id: FIELD.productId,
  pay_type: FIELD.payType,
  discount_code: FIELD.discountCode,
  order_token: FIELD.orderToken,
});

/** `getOrderInfo`: an order's status and timeline. */
export const getOrderInfo = notAvailableYet({ order_id: FIELD.orderId });

/** `checkDiscountCode`: whether a code applies to a bundle for a character, and the price after it. */
export const checkDiscountCode = notAvailableYet({
  game_id: FIELD.gameId,
  area: FIELD.area,
  role_id: FIELD.roleId,
  product_id: FIELD.productId,
  discount_code: FIELD.discountCode,
});
