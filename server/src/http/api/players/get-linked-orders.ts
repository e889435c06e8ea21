import { ordersOfCharacter } from '../../../orders';
import { amountText } from '../../../payments';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { requireLink } from './character-of';

/**
 * `getLinkedOrders {game_id, area, server_id, role_id}` (needs the link cookie): "My orders" of the
 * character from any linked browser — its paid orders, newest first, each with its receipt page.
 */
export const getLinkedOrders = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area, server_id: FIELD.serverId, role_id: FIELD.roleId },
  signed: true,
  limit: 'followOrder',
  async handle(input, context) {
    const link = await requireLink(input, context);
    const orders = await ordersOfCharacter(context.db, link);
    return orders.map((order) => ({
      order_id: order.order_id,
      status: order.status,
      product_name: order.product_name,
      amount: amountText(order.amount_minor, order.currency),
      currency: order.currency,
      created_at: order.created_at.toISOString(),
      delivered_at: order.delivered_at?.toISOString() ?? null,
      receipt: `#/receipt?${new URLSearchParams({ order_id: order.order_id, role_id: link.roleId, lang: context.locale })}`,
    }));
  },
});
