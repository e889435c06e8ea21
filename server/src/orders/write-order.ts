import type { LimitPeriod } from '../catalogue/catalogue';
import type { Db } from '../db/db';
import { DatabaseUnavailableError } from '../db/database-unavailable';
import { DomainError } from '../domain-errors';
import type { PromisedItems } from '../fulfilment';
import type { DiscountCode } from '../discounts';
import type { RoleHistory } from './bundle-history';
import { checkDiscountCode } from './discount-check';
import { purchaseLimitReached, tooManyUnpaidOrders } from './order-errors';
import { newOrderId } from './order-id';
import { HOLDING_STATUSES, PAID_STATUSES } from './order-state';
import { placeCreatedOrder, placeExperimentOrder, placeOfferOrder, type PlaceOutcome } from './order-workflow';
import { methodPriceMinor } from '@topup/shared/rules';
import { offerTakenBy } from './post-purchase-offer';
import { limitReached, orderPrice, priceOrder, type OrderPrice } from './price';
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
  /** Placed with the post-purchase offer of a paid order: which one, and its per cent off (no code then). */
  readonly offer?: { readonly offerOf: string; readonly percentOff: number };
  /** Priced by an offer experiment's variant (decision 309): the order records which, and for which visitor. */
  readonly experiment?: ExperimentPricing;
}

/** The offer experiment's variant an order is priced with, and the visitor it was given to. */
export interface ExperimentPricing {
  readonly experimentId: string;
  readonly variant: string;
  readonly visitor: string;
  readonly percentOff: number;
}

/** The order's price: the method's price of the bundle less the code's part, or the offer's per cent off. */
function priceOf(order: NewOrder): OrderPrice {
  if (order.offer) return priceOrder(methodPriceMinor(order.bundlePriceMinor, order.methodPercent), order.offer.percentOff);
  return orderPrice(order.bundlePriceMinor, order.methodPercent, order.code, order.currency, order.experiment?.percentOff ?? 0);
}

/** The order was written (its id), or the token already named an order (null: read it). */
export type Written = string | null;

/** topup_place_order's arguments (migration 081), in its order: what to count, the caps, and the new row. */
function placeParams(order: NewOrder, orderId: string): unknown[] {
  const price = priceOf(order);
  return [
    roleLockKey(order.gameId, order.roleId),
    order.gameId,
    order.roleId,
    order.bundleId,
    order.roleBuyLimitPeriod,
    order.orderToken,
    order.buyer,
    order.roleBuyLimit,
    order.unpaidOrdersPerBuyer,
    order.unpaidOrdersPerCharacter,
    order.code?.code ?? '',
    order.code?.usesPerRole ?? 0,
    order.code?.usesPerCode ?? 0,
    order.firstBuyOffer,
    HOLDING_STATUSES,
    PAID_STATUSES,
    orderId,
    order.area,
    order.serverId,
    order.serverName,
    order.roleName,
    order.uid,
    order.productId,
    order.productName,
    order.payType,
    price.listPriceMinor,
    price.discountMinor,
    price.amountMinor,
    order.currency,
    order.provider,
    order.expiresAfterMs,
    JSON.stringify(order.promisedItems),
    order.locale,
    order.receiptEmail,
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
 * The refusal topup_place_order answered, in the store's words: the same rules (price.ts limitReached,
 * the code's uses by checkDiscountCode, tooManyUnpaid) asked of the counts it judged by. A refusal the
 * store's rules would not make is a fault of the function, never passed on as the player's.
 */
function refusal(order: NewOrder, placed: PlaceOutcome): Error {
  if (placed.outcome === 'limit' && limitReached(order.roleBuyLimit, placed.holding)) return purchaseLimitReached();
  if (placed.outcome === 'code' && order.code) {
    try {
      checkDiscountCode(order.code, { gameId: order.gameId, productId: order.productId, currency: order.currency }, { byRole: placed.code_by_role, byAll: placed.code_by_all });
    } catch (error) {
      return error as Error;
    }
  }
  if (placed.outcome === 'unpaid' && tooManyUnpaid(order, { unpaid: placed.unpaid, unpaidByBuyer: placed.unpaid_by_buyer })) return tooManyUnpaidOrders();
  return new Error(`topup_place_order refused an order (${placed.outcome}) that the store's rules allow: ${JSON.stringify(placed)}`);
}

/**
 * Writes a new order, or nothing when its client token already named one (null: read it). In one
 * round trip (topup_place_order, migration 081): under the character's lock its orders are counted
 * (paid purchases against the limit and the code, open unpaid orders against the buyer's and the
 * character's caps) and the new one written, so that concurrent submissions are counted one after the
 * other. Every order needs the count, the cap being for all bundles.
 */
export async function writeOrder(db: Db, order: NewOrder): Promise<Written> {
  const orderId = newOrderId();
  const place = () =>
    order.offer
      ? placeWithOffer(db, order, order.offer.offerOf, orderId)
      : order.experiment
        ? db.transaction((tx) => placeExperimentOrder(tx, placeParams(order, orderId), orderId, order.experiment!), { lockKey: roleLockKey(order.gameId, order.roleId) })
        : placeCreatedOrder(db, placeParams(order, orderId));
  let placed: PlaceOutcome;
  try {
    placed = await place();
  } catch (error) {
    if (!(error instanceof DatabaseUnavailableError)) throw error;
    // The connection was lost under the write (a restart): it may or may not have been written, and
    // the client token tells which, so it is sent once more on a fresh connection. Written already,
    // the token answers with that order; never two orders.
    placed = await place();
  }
  if (placed.outcome === 'placed') return orderId;
  if (placed.outcome === 'token') return null;
  throw refusal(order, placed);
}

/**
 * An order with a post-purchase offer, under the character's lock in one transaction: its token's
 * order if it names one already, else refused when another order took the offer meanwhile (the offer
 * is bought once), else placed and marked as the offer's.
 */
async function placeWithOffer(db: Db, order: NewOrder, offerOf: string, orderId: string): Promise<PlaceOutcome> {
  return db.transaction(
    async (tx) => {
      const [earlier] = await tx.query('SELECT 1 FROM orders WHERE order_token = $1', [order.orderToken]);
      if (!earlier && (await offerTakenBy(tx, offerOf))) throw new DomainError('offerTaken');
      return placeOfferOrder(tx, placeParams(order, orderId), orderId, offerOf);
    },
    { lockKey: roleLockKey(order.gameId, order.roleId) },
  );
}
