import { payUrlIn } from './pay-url';
import type { CreatedOrder } from '@topup/shared/types';
import { buyerKey } from './buyer-key';
import { type OrderRequest, placeOrder } from '../../../orders';
import { defineAction, type ActionInput } from '../action';
import { ApiError, missing } from '../api-error';
import { isEmailAddress } from '@topup/shared/formats';
import { RET } from '../ret-codes';
import { requireGameId } from '../require-game-id';
import { CREATE_ORDER_FIELDS } from './order-fields';

/** The order a body asks for; the fields it must send are refused in the order the player fills them in. */
function orderRequest(input: ActionInput, clientAddress: string): OrderRequest {
  const gameId = requireGameId(input);
  const serverId = input.server_id ?? '';
  if (serverId === '') throw missing('server_id', 'selectServer');
  const roleId = input.role_id ?? '';
  if (roleId === '') throw missing('role_id', 'fillCharacterId');
  const productId = input.product_id ?? '';
  if (productId === '') throw missing('product_id');
  const payType = input.pay_type ?? '';
  if (payType === '') throw missing('pay_type');
  const orderToken = input.order_token ?? '';
  if (orderToken === '') throw missing('order_token');
  // Optional: a receipt is e-mailed there once the items are delivered.
  const receiptEmail = (input.receipt_email ?? '').trim();
  if (receiptEmail !== '' && !isEmailAddress(receiptEmail)) throw new ApiError(RET.INVALID_PARAMETER, 'emailInvalid', 'receipt_email');
  return {
    gameId,
    area: input.area ?? '',
    serverId,
    roleId,
    uid: input.uid ?? '',
    productId,
    payType,
    discountCode: input.discount_code ?? '',
    orderToken,
    buyer: buyerKey(clientAddress),
    receiptEmail,
    seenAmount: input.seen_amount ?? '',
    offerOf: (input.offer_of ?? '').trim(),
  };
}

/** `createOrder` (and `pcpay/pay`): one order per `order_token`, priced by the server; answers where to pay. */
export const createOrder = defineAction({
  fields: CREATE_ORDER_FIELDS,
  signed: true,
  // It looks the character up: it counts against the role-lookup limit as well.
  roleLookup: true,
  limit: 'placeOrder',
  async handle(input, context): Promise<CreatedOrder> {
    // The visitor of offer experiments is the signed cookie's (decision 309), never a field of the body.
    const placed = await placeOrder({ ...orderRequest(input, context.clientAddress), locale: context.locale, storefront: context.storefront, visitor: context.visitor.known() }, context);
    return { order_id: placed.orderId, pay_url: payUrlIn(placed.payUrl, context.locale, context.storefront) };
  },
});
