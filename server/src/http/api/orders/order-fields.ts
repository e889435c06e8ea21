import { FIELD } from '../fields';

/** The body of createOrder and of the pay centre's pay. */
export const CREATE_ORDER_FIELDS = {
  game_id: FIELD.gameId,
  area: FIELD.area,
  server_id: FIELD.serverId,
  role_id: FIELD.roleId,
  uid: FIELD.uid,
  product_id: FIELD.productId,
  pay_type: FIELD.payType,
  discount_code: FIELD.discountCode,
  order_token: FIELD.orderToken,
  receipt_email: FIELD.email,
  seen_amount: FIELD.amount,
  // The paid order whose post-purchase offer this order takes (docs/api.md); absent for none.
  offer_of: FIELD.orderId,
};

export const CHECK_DISCOUNT_CODE_FIELDS = {
  game_id: FIELD.gameId,
  area: FIELD.area,
  role_id: FIELD.roleId,
  product_id: FIELD.productId,
  discount_code: FIELD.discountCode,
  pay_type: FIELD.payType,
};
