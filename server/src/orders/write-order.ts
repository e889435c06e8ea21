import type { Db, Queryable } from '../db/db';
import type { DiscountCode } from '../discounts/discount-rules';
import { refuseDiscount } from '../discounts/discount-rules';
import { readRoleHistory } from './bundle-history';
import { discountError, limitError } from './order-errors';
import { newOrderId } from './order-id';
import { IS_PAID_SQL } from './order-state';
import { firstBuyApplies, priceOrder, refuseByLimit } from './price';
import { lockRole } from './role-lock';

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
  readonly listPriceMinor: number;
  readonly firstBuyOffer: boolean;
  /** Purchases allowed per character; 0: no limit. */
  readonly roleBuyLimit: number;
  readonly payType: string;
  readonly code: DiscountCode | null;
  readonly provider: string;
  readonly expiresAfterMs: number;
}

/** The order was written (its id), or the token already named an order (null: read it). */
export type Written = string | null;

/** The order's creation is its `created_at`; order_events records what happens to it afterwards. */
const INSERT_ORDER = (firstBuy: string) => `
  INSERT INTO orders (order_id, order_token, game_id, area, server_id, server_name, role_id, role_name, uid,
                      bundle_id, product_id, product_name, pay_type, discount_code, list_price_minor, discount_minor,
                      amount_minor, currency, first_buy, payment_provider, status, expires_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, ${firstBuy}, $20, 'created',
          now() + $21 * interval '1 millisecond')
  ON CONFLICT (order_token) WHERE order_token IS NOT NULL DO NOTHING
  RETURNING order_id`;

function insertParams(order: NewOrder, orderId: string, firstBuy: boolean): unknown[] {
  const price = priceOrder(order.listPriceMinor, order.code?.percentOff ?? 0);
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
  ];
}

/**
 * Nothing to count: no purchase limit and no per-character code. One statement writes the order
 * (with the first-buy bonus while no paid purchase of the bundle used it); a token that is already
 * there writes nothing.
 */
async function writeAtOnce(db: Queryable, order: NewOrder): Promise<Written> {
  const firstBuy = `($19::boolean AND NOT EXISTS (SELECT 1 FROM orders p
      WHERE p.game_id = $3 AND p.role_id = $7 AND p.bundle_id = $10 AND p.${IS_PAID_SQL}))`;
  const orderId = newOrderId();
  const rows = await db.query(INSERT_ORDER(firstBuy), insertParams(order, orderId, order.firstBuyOffer));
  return rows.length ? orderId : null;
}

/**
 * A purchase limit or a per-character code: under the character's lock, its orders are counted
 * and the new one written, so that concurrent purchases cannot both take the last one.
 */
function writeUnderLock(db: Db, order: NewOrder): Promise<Written> {
  return db.transaction(async (tx) => {
    await lockRole(tx, order.gameId, order.roleId);
    const history = await readRoleHistory(tx, {
      gameId: order.gameId,
      roleId: order.roleId,
      bundleId: order.bundleId,
      discountCode: order.code?.code ?? '',
      orderToken: order.orderToken,
    });
    if (history.tokenOrder) return null;
    const limitRefusal = refuseByLimit(order.roleBuyLimit, history);
    if (limitRefusal) throw limitError(limitRefusal);
    if (order.code) {
      const refusal = refuseDiscount(order.code, { gameId: order.gameId, productId: order.productId, now: new Date(), usesByRole: history.codeUses });
      if (refusal) throw discountError(refusal);
    }
    const orderId = newOrderId();
    const rows = await tx.query(INSERT_ORDER('$19'), insertParams(order, orderId, firstBuyApplies(order.firstBuyOffer, history)));
    return rows.length ? orderId : null;
  });
}

/** Writes a new order, counting the character's orders only when a limit or a code needs it. */
export function writeOrder(db: Db, order: NewOrder): Promise<Written> {
  const counted = order.roleBuyLimit > 0 || (order.code !== null && order.code.usesPerRole > 0);
  return counted ? writeUnderLock(db, order) : writeAtOnce(db, order);
}
