import type { PurchaseOffer } from '@topup/shared/types';
import { findGameArea } from '../../../catalogue/catalogue';
import { offerAfterOrder, readOrder } from '../../../orders';
import { formatAmount } from '../../../payments';
import { defineAction } from '../action';
import { missing } from '../api-error';
import { FIELD } from '../fields';

/**
 * `purchaseOffer`: the post-purchase offer of a paid order, for its own
 * character, while its window is open and it was not bought; `offer` null otherwise (an unknown order
 * too: the answer tells nothing of other orders).
 */
export const purchaseOffer = defineAction({
  fields: { order_id: FIELD.orderId },
  signed: true,
  limit: 'followOrder',
  async handle(input, { db, catalogue, locale, now }): Promise<PurchaseOffer> {
    const orderId = (input.order_id ?? '').trim();
    if (orderId === '') throw missing('order_id');
    const order = await readOrder(db, orderId);
    if (!order) return { offer: null };
    const view = await offerAfterOrder(db, findGameArea(catalogue, order.game_id, order.area), orderId, order.role_id, now, locale);
    if (!view) return { offer: null };
    const amount = (minor: number) => formatAmount(minor, order.area);
    return {
      offer: {
        product_id: view.productId,
        product_name: view.productName,
        product_content: view.productContent,
        image_url: view.imageUrl,
        percent_off: view.percentOff,
        list_amount: amount(view.listPriceMinor),
        amount: amount(view.priceMinor),
        pay_type: view.payType,
        pay_amount: amount(view.payPriceMinor),
        currency: order.currency === 'KRW' ? 'KRW' : 'USD',
        items: view.items,
        bonus_items: view.bonusItems,
        ends_at: new Date(view.endsAt).toISOString(),
        seconds_left: Math.max(0, Math.floor((view.endsAt - now) / 1000)),
      },
    };
  },
});
