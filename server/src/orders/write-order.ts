import type { LimitPeriod } from '../catalogue/catalogue';
import type { Db } from '../db/db';
import type { PromisedItems } from '../fulfilment';
import type { DiscountCode } from '../discounts';
import { readRoleHistory, type RoleHistory } from './bundle-history';
import { countCodeUses } from './count-code-uses';
import { checkDiscountCode } from './discount-check';
import { purchaseLimitReached, tooManyUnpaidOrders } from './order-errors';
import { newOrderId } from './order-id';
import { insertCreatedOrder } from './order-workflow';
import { firstBuyApplies, limitReached, orderPrice } from './price';
import { roleLockKey } from './role-lock';

/** Everything known about a new order before it is written; its price is computed here. */
export interface NewOrder {
  readonly orderToken: string;
  readonly gameId: number;
  readonly area: string;
  readonly currency: string;
  readonly serverId: string;
  readonly serverName: string;
  readonly roleId: string;
  readonly roleName: string;
  readonly uid: string;
  readonly bundleId: number;
  readonly productId: string;
  readonly productName: string;
  /** The order page's language: the receipt mail is written in it. */
  readonly locale: string;
  /** Where the receipt goes once delivered; "" for none. */
  readonly receiptEmail: string;
  /** The bundle's catalogue price, and the chosen pay method's difference to it (whole per cent). */
  readonly bundlePriceMinor: number;
  readonly methodPercent: number;
  readonly firstBuyOffer: boolean;
  /** What the bundle delivers as the card shows it now: kept with the order for its mail. */
  readonly promisedItems: PromisedItems;
  /** Purchases allowed per character in each `roleBuyLimitPeriod`; 0: no limit. */
  readonly roleBuyLimit: number;
  readonly roleBuyLimitPeriod: LimitPeriod;
  readonly payType: string;
  readonly code: DiscountCode | null;
  readonly provider: string;
  readonly expiresAfterMs: number;
  /** Who places it (buyerKey): one buyer's unpaid orders never count against another's. */
  readonly buyer: string;
  /** The storefront it is placed on ('phone', 'payCentre'; '' unknown). */
  readonly storefront: string;
  /** Open unpaid orders a character may have at once from all buyers, of any bundle; a buyer's first is never refused by it. */
  readonly unpaidOrdersPerCharacter: number;
  /** Open unpaid orders one buyer may have for the character at once. */
  readonly unpaidOrdersPerBuyer: number;
}

/** The order was written (its id), or the token already named an order (null: read it). */
export type Written = string | null;

/** The values of a new order in the order of insertCreatedOrder's columns. */
function insertParams(order: NewOrder, orderId: string, firstBuy: boolean): unknown[] {
  const price = orderPrice(order.bundlePriceMinor, order.methodPercent, order.code, order.currency);
  return [
    orderId,
    order.orderToken,
    order.gameId,
    order.area,
    order.serverId,
    order.serverName,
    order.roleId,
    order.roleName,
    order.uid,
    order.bundleId,
    order.productId,
    order.productName,
    order.payType,
    order.code?.code ?? '',
    price.listPriceMinor,
    price.discountMinor,
    price.amountMinor,
    order.currency,
    firstBuy,
    order.provider,
    order.expiresAfterMs,
    JSON.stringify(order.promisedItems),
    order.locale,
    order.receiptEmail,
    order.buyer,
    order.storefront,
  ];
}

/**
 * The caps on open unpaid orders (decision 259): the buyer's own for the character, and the
 * character's from all buyers together, which a buyer's first open order passes whatever others
 * placed, so that strangers cannot keep the player from ordering.
 */
export function tooManyUnpaid(order: Pick<NewOrder, 'unpaidOrdersPerBuyer' | 'unpaidOrdersPerCharacter'>, history: Pick<RoleHistory, 'unpaid' | 'unpaidByBuyer'>): boolean {
  if (history.unpaidByBuyer >= order.unpaidOrdersPerBuyer) return true;
  return history.unpaidByBuyer > 0 && history.unpaid >= order.unpaidOrdersPerCharacter;
}

/**
 * Writes a new order, or nothing when its client token already named one (null: read it). Under
 * the character's lock its orders are counted (paid purchases against the limit and the code,
 * open unpaid orders against the buyer's and the character's caps) and the new one written, so that concurrent submissions
 * are counted one after the other. Every order needs the count, the cap being for all bundles.
 */
export function writeOrder(db: Db, order: NewOrder): Promise<Written> {
  // BEGIN takes the character's lock in the same round trip.
  return db.transaction(async (tx) => {
    const history = await readRoleHistory(tx, {
      gameId: order.gameId,
      roleId: order.roleId,
      bundleId: order.bundleId,
      limitPeriod: order.roleBuyLimitPeriod,
      orderToken: order.orderToken,
      buyer: order.buyer,
    });
    if (history.tokenOrder) return null;
    if (limitReached(order.roleBuyLimit, history.holding)) throw purchaseLimitReached();
    if (order.code) {
      const uses = await countCodeUses(tx, order.gameId, order.roleId, order.code.code);
      checkDiscountCode(order.code, { gameId: order.gameId, productId: order.productId, currency: order.currency }, uses);
    }
    if (tooManyUnpaid(order, history)) throw tooManyUnpaidOrders();
    const orderId = newOrderId();
    const written = await insertCreatedOrder(tx, insertParams(order, orderId, firstBuyApplies(order.firstBuyOffer, history)));
    return written ? orderId : null;
  }, { lockKey: roleLockKey(order.gameId, order.roleId) });
}
