import { useCallback } from 'react';
import type { CreateOrderPayload } from '@topup/shared/types';
import { createOrder, usePlaceOrder } from '@topup/shared/checkout';

export type OrderFields = Omit<CreateOrderPayload, 'order_token'>;

/** Where the browser goes to pay; replaced in tests. */
export const goToPayment = { assign: (url: string) => window.location.assign(url) };

/**
 * /submit's Pay: the purchase core places the order (one token per purchase, one call at a time)
 * with `createOrder`, and the browser goes to the payment page.
 */
export function useSubmitOrder(fields: OrderFields) {
  const purchaseKey = [fields.product_id, fields.pay_type, fields.discount_code, fields.server_id, fields.role_id, fields.receipt_email ?? ''].join('|');
  const { placeOrder, placing } = usePlaceOrder(purchaseKey);
  const submit = useCallback(
    async (agreed: boolean) => {
      const order = await placeOrder({
        agreed,
        send: (order_token) => createOrder({ ...fields, order_token }),
        buyer: { gameId: String(fields.game_id), area: fields.area, roleId: fields.role_id },
      });
      if (order) goToPayment.assign(order.pay_url);
      return order !== null;
    },
    // The fields are read through the purchase key and the call below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [placeOrder, purchaseKey, fields.game_id, fields.area, fields.uid],
  );
  return { submit, placing };
}
