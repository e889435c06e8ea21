import { localeForArea } from '@topup/shared/rules';
import type { InGameMail } from '../game/game-gateway';
import type { OrderRow } from '../orders/read-order';

const TITLES = {
  en: (product: string) => `Your purchase: ${product}`,
  ko: (product: string) => `구매하신 ${product}`,
  zh: (product: string) => `您购买的 ${product}`,
};

const BONUS = { en: 'First-purchase bonus', ko: '첫 구매 보너스', zh: '首充奖励' };

/**
 * The in-game mail of an order, keyed by the order id so that sending it again never delivers
 * twice. A first purchase carries the bundle's bonus as a second item.
 */
export function orderMail(order: OrderRow, firstPayContent: string): InGameMail {
  const locale = localeForArea(order.area);
  const items = [{ name: order.product_name, quantity: 1 }];
  if (order.first_buy) items.push({ name: firstPayContent || BONUS[locale], quantity: 1 });
  return {
    key: order.order_id,
    gameId: order.game_id,
    serverId: order.server_id,
    roleId: order.role_id,
    title: TITLES[locale](order.product_name),
    items,
  };
}
