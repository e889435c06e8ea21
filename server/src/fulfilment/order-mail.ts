import { isLocale, localeForArea, type Locale } from '@topup/shared/rules';
import type { InGameMail, MailItem } from '../game/game-gateway';

/**
 * A bundle's items when its order was placed: the mail delivers `items`, and `firstBuy` when the
 * paid order kept the first-purchase offer, `bonus` when it did not.
 */
export interface PromisedItems {
  readonly items: readonly MailItem[];
  readonly firstBuy: readonly MailItem[];
  readonly bonus: readonly MailItem[];
}

/** What the mail of an order is written from (columns of the order). */
export interface MailedOrder {
  readonly order_id: string;
  readonly game_id: number;
  readonly server_id: string;
  readonly role_id: string;
  readonly area: string;
  readonly product_name: string;
  readonly first_buy: boolean;
  /** The language the player bought in (the order page's): the mail is written in it. */
  readonly locale: string;
  /** The bundle's items when the order was placed; null for orders placed before they were kept. */
  readonly promised_items: PromisedItems | null;
}

const TITLES = {
  en: (product: string) => `Your purchase: ${product}`,
  ko: (product: string) => `구매하신 ${product}`,
  zh: (product: string) => `您购买的 ${product}`,
};

const BONUS = { en: 'First-purchase bonus', ko: '첫 구매 보너스', zh: '首充奖励' };

/** The language an order's mail and e-mail are written in: the one the player bought in, else the area's. */
export function orderLanguage(order: Pick<MailedOrder, 'area' | 'locale'>): Locale {
  return isLocale(order.locale) ? order.locale : localeForArea(order.area);
}

/** What an order delivers: the items its bundle promised when it was placed, with the bonus its payment kept. */
export function orderItems(order: Pick<MailedOrder, 'area' | 'locale' | 'product_name' | 'first_buy' | 'promised_items'>, firstPayContent: string): MailItem[] {
  const promised = order.promised_items;
  if (promised && promised.items.length > 0) return [...promised.items, ...(order.first_buy ? promised.firstBuy : promised.bonus)];
  // An order placed before bundles listed their items: the bundle by name, and its first-purchase text.
  const items = [{ name: order.product_name, quantity: 1 }];
  if (order.first_buy) items.push({ name: firstPayContent || BONUS[orderLanguage(order)], quantity: 1 });
  return items;
}

/**
 * The in-game mail of an order, in the language the player bought in, keyed by the order id so that sending it again never delivers
 * twice. It carries what the card promised: the bundle's items, and its first-purchase bonus or
 * its repeat bonus.
 */
export function orderMail(order: MailedOrder, firstPayContent: string): InGameMail {
  const locale = orderLanguage(order);
  const items = orderItems(order, firstPayContent);
  return {
    key: order.order_id,
    gameId: order.game_id,
    serverId: order.server_id,
    roleId: order.role_id,
    title: TITLES[locale](order.product_name),
    items,
  };
}
