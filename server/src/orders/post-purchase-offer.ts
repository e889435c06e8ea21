import { localeForArea, methodPriceMinor, type Locale } from '@topup/shared/rules';
import type { CatalogueBundle, GameArea } from '../catalogue/catalogue';
import { bundleTexts, itemsIn } from '../catalogue/catalogue-language';
import type { Queryable } from '../db/db';
import { findPostPurchaseOffer, type PostPurchaseOffer } from '../discounts';
import { DomainError } from '../domain-errors';
import type { MailItem } from '../game/game-gateway';
import { deliveredPurchases } from '../purchases';
import { bundleOnSale } from './find-bundle';
import { PAID_STATUSES } from './order-state';
import { limitReached, priceOrder } from './price';

/**
 * Post-purchase offers (decision 307): after an order is paid, the offer of its game's area (catalogue
 * data, `post_purchase_offers`) may be bought for that order's character until `minutes` after the
 * payment, once. The server prices it from the catalogue and the paid order, never from the page.
 */

/** The paid order an offer follows, as the offer needs it. */
interface SourceOrder {
  readonly order_id: string;
  readonly status: string;
  readonly game_id: number;
  readonly area: string;
  readonly role_id: string;
  readonly pay_type: string;
  readonly paid_at: Date | null;
  readonly offer_of: string | null;
}

async function readSourceOrder(db: Queryable, orderId: string): Promise<SourceOrder | null> {
  const [row] = await db.query<SourceOrder>('SELECT order_id, status, game_id, area, role_id, pay_type, paid_at, offer_of FROM orders WHERE order_id = $1', [orderId]);
  return row ?? null;
}

/** Whether an order already took the offer of `sourceOrderId`: an open or paid order placed with it (an expired or declined one frees it). */
export async function offerTakenBy(db: Queryable, sourceOrderId: string): Promise<string | null> {
  const [row] = await db.query<{ order_id: string }>(
    `SELECT order_id FROM orders WHERE offer_of = $1 AND status NOT IN ('declined', 'expired') ORDER BY created_at LIMIT 1`,
    [sourceOrderId],
  );
  return row?.order_id ?? null;
}

/** The offer's price before a pay method's difference: the bundle's less its per cent off (in the player's favour). */
export function offerPriceMinor(bundlePriceMinor: number, percentOff: number): number {
  return priceOrder(bundlePriceMinor, percentOff).amountMinor;
}

/** What an order placed with an offer gets: which paid order it follows, its per cent off and its bonus items. */
export interface OfferTerms {
  readonly offerOf: string;
  readonly percentOff: number;
  readonly bonusItems: PostPurchaseOffer['bonusItems'];
  /** Until when it may be bought (ms). */
  readonly endsAt: number;
}

/** Whether `sourceOrderId`'s offer stands at `now`: its terms, or the refusal. Same game, area and character; paid; inside its window. */
async function standingOffer(db: Queryable, sourceOrderId: string, who: { gameId: number; area: string; roleId: string }, now: number): Promise<{ terms: OfferTerms; offer: PostPurchaseOffer; source: SourceOrder }> {
  const source = await readSourceOrder(db, sourceOrderId);
  // Another character's order, an unknown one or an unpaid one are answered alike: nothing tells a stranger whose order it is.
  if (!source || source.game_id !== who.gameId || source.area !== who.area || source.role_id !== who.roleId) throw new DomainError('offerNotAvailable');
  if (!(PAID_STATUSES as readonly string[]).includes(source.status) || !source.paid_at || source.offer_of) throw new DomainError('offerNotAvailable');
  const offer = await findPostPurchaseOffer(db, source.game_id, source.area);
  if (!offer) throw new DomainError('offerNotAvailable');
  const endsAt = source.paid_at.getTime() + offer.minutes * 60_000;
  if (now >= endsAt) throw new DomainError('offerOver');
  return { terms: { offerOf: source.order_id, percentOff: offer.percentOff, bonusItems: offer.bonusItems, endsAt }, offer, source };
}

/**
 * The terms of an order placed with `offer_of`: the paid order is this character's in this game and
 * area, the bundle is the offer's, and the window is open. Whether it was taken already is asked again
 * under the character's lock as the order is written (write-order.ts).
 */
export async function offerTermsFor(db: Queryable, request: { offerOf: string; gameId: number; area: string; roleId: string; productId: string }, now: number): Promise<OfferTerms> {
  const { terms, offer } = await standingOffer(db, request.offerOf, request, now);
  if (offer.productId !== request.productId) throw new DomainError('offerNotAvailable');
  if (await offerTakenBy(db, request.offerOf)) throw new DomainError('offerTaken');
  return terms;
}

/** The offer as the result page shows it: the bundle, its prices, what it adds, and until when. */
export interface OfferView {
  readonly productId: string;
  readonly productName: string;
  readonly productContent: string;
  readonly imageUrl: string;
  readonly percentOff: number;
  /** The bundle's price and the offer's, before a pay method's difference. */
  readonly listPriceMinor: number;
  readonly priceMinor: number;
  /** The paid order's pay method, and the offer's price with it (what the one step charges). */
  readonly payType: string;
  readonly payPriceMinor: number;
  readonly items: readonly MailItem[];
  readonly bonusItems: readonly MailItem[];
  readonly endsAt: number;
}

/**
 * The offer the result page of `orderId` shows to its character at `now`, or null when there is none
 * to show (no offer, the window closed, taken already, the bundle off sale or bought up to its limit).
 */
export async function offerAfterOrder(db: Queryable, gameArea: GameArea | undefined, orderId: string, roleId: string, now: number, locale?: Locale): Promise<OfferView | null> {
  const source = await readSourceOrder(db, orderId);
  if (!source || !gameArea || source.role_id !== roleId) return null;
  let standing;
  try {
    standing = await standingOffer(db, orderId, { gameId: source.game_id, area: source.area, roleId }, now);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
  if (await offerTakenBy(db, orderId)) return null;
  let bundle: CatalogueBundle;
  try {
    bundle = bundleOnSale(gameArea, standing.offer.productId, now);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
  // A character who bought the bundle as often as its limit allows is offered nothing it could not buy.
  if (bundle.roleBuyLimit > 0) {
    const bought = (await deliveredPurchases(db, { gameId: source.game_id, roleId, uid: '' })).get(bundle.id);
    if (limitReached(bundle.roleBuyLimit, bought?.inPeriod ?? 0)) return null;
  }
  const method = gameArea.payTypes.find((type) => type.payType === source.pay_type) ?? gameArea.payTypes[0];
  if (!method) return null;
  const language = locale ?? localeForArea(gameArea.area);
  const texts = bundleTexts(bundle, language);
  const priceMinor = offerPriceMinor(bundle.priceMinor, standing.terms.percentOff);
  return {
    productId: bundle.productId,
    productName: texts.productName,
    productContent: texts.productContent,
    imageUrl: bundle.productFileUrl,
    percentOff: standing.terms.percentOff,
    listPriceMinor: bundle.priceMinor,
    priceMinor,
    payType: method.payType,
    payPriceMinor: priceOrder(methodPriceMinor(bundle.priceMinor, method.pricePercent), standing.terms.percentOff).amountMinor,
    items: itemsIn(bundle.items, gameArea.area, language),
    bonusItems: itemsIn(standing.terms.bonusItems, gameArea.area, language),
    endsAt: standing.terms.endsAt,
  };
}
