import { currencyCode, localeForArea, type Locale } from '@topup/shared/rules';
import { type Catalogue, openServer } from '../catalogue/catalogue';
import { bundleTexts, itemsIn } from '../catalogue/catalogue-language';
import { resolveGameArea } from '../catalogue/resolve-game-area';
import type { Db } from '../db/db';
import { type DiscountCode, findDiscountCode, normaliseCode } from '../discounts';
import { DomainError } from '../domain-errors';
import type { GameGateway, GameRole } from '../game/game-gateway';
import { findTokenOrder, type TokenOrder } from './bundle-history';
import { checkDiscountCode, USES_NOT_COUNTED } from './discount-check';
import { checkSaleWindow, findBundle } from './find-bundle';
import { bundleNotOnSale } from './order-errors';
import type { OrderServices } from './order-services';
import { offerPriceMinor, offerTermsFor, type OfferTerms } from './post-purchase-offer';
import { writeOrder } from './write-order';
import { parseAmount } from '../payments';
import type { RunningExperiments, VariantOffer } from '../experiments';
import { experimentItems, orderVariant } from './experiment-offer';
import { variantPriceMinor } from './price';

/** What a player asks to buy, every field given (the API refuses an order missing one). */
export interface OrderRequest {
  readonly gameId: number;
  /** The area as sent; "" means the game's home area. */
  readonly area: string;
  readonly serverId: string;
  readonly roleId: string;
  /** The account the page believes the character is on; "" when it does not say. */
  readonly uid: string;
  readonly productId: string;
  readonly payType: string;
  /** The discount code as typed; "" for none. */
  readonly discountCode: string;
  /** The client's token: one order per token, however often it is sent. */
  readonly orderToken: string;
  /** The page's language: the order keeps the bundle's name as the player read it, and its receipt is written in it. */
  readonly locale?: Locale;
  /** Who places it: `buyerKey` of the client's address. Unpaid orders are capped per buyer and character. */
  readonly buyer: string;
  /** Where the receipt is e-mailed once the order is delivered; "" or absent for none. */
  readonly receiptEmail?: string;
  /** The bundle's price as the page showed it ("4.99"); "" or absent: not checked. */
  readonly seenAmount?: string;
  /** The storefront it was placed on ('phone', 'payCentre'), kept for the back office's insights. */
  readonly storefront?: string;
  /** The paid order whose post-purchase offer this order takes ("" or absent: none); its discount code is not used then. */
  readonly offerOf?: string;
  /**
   * The browser's offer-experiment visitor, from its signed cookie (null or absent: none). An order of a
   * bundle under a running experiment is priced with this visitor's variant, never with the page's word.
   */
  readonly visitor?: string | null;
}

/** The page showed another price than the catalogue's now: refused, never charged silently. */
function checkSeenPrice(seen: string | undefined, priceMinor: number, currency: string): void {
  if (!seen) return;
  const shown = parseAmount(seen, currency);
  if (shown === null) throw new DomainError('seenAmountUnreadable');
  if (shown !== priceMinor) throw new DomainError('priceChanged');
}

/** What placing an order needs besides the request. */
export interface PlaceOrderServices {
  readonly catalogue: Catalogue;
  /** The time the request is judged at (ms), by the catalogue's clock: a bundle is bought inside its sale window. */
  readonly now: number;
  readonly db: Db;
  readonly games: GameGateway;
  readonly orders: OrderServices;
  /** The running offer experiments held in memory (decision 309); none: every order at the catalogue's price. */
  readonly experiments?: RunningExperiments;
}

export interface CreatedOrderIds {
  readonly orderId: string;
  readonly payUrl: string;
}

/** The same token names the same purchase: another character or bundle with it is refused. */
function sameTokenOrder(existing: TokenOrder, request: OrderRequest): string {
  if (existing.game_id !== request.gameId || existing.role_id !== request.roleId || existing.product_id !== request.productId) {
    throw new DomainError('orderTokenReused');
  }
  return existing.order_id;
}

/** The code's own rules first; its uses are counted under the character's lock as the order is written. */
async function checkCode(db: Db, typed: string, gameId: number, productId: string, currency: string): Promise<DiscountCode | null> {
  if (!typed) return null;
  return checkDiscountCode(await findDiscountCode(db, typed), { gameId, productId, currency }, USES_NOT_COUNTED);
}

/**
 * createOrder (and the pay centre's pay): checks the request against the catalogue, the game and
 * the character's purchases, prices it on the server, and writes one order per client token.
 * The price is computed here, whatever the page shows; the bundle's price the page showed, when sent,
 * only has to be the catalogue's still (a price changed meanwhile is refused, not charged).
 */
export async function placeOrder(request: OrderRequest, services: PlaceOrderServices): Promise<CreatedOrderIds> {
  const { catalogue, db, games, orders, now } = services;
  const { gameId, serverId, roleId, productId, payType, orderToken } = request;
  const { gameArea } = resolveGameArea(catalogue, gameId, request.area);
  const server = openServer(catalogue, gameId, serverId, gameArea.area);
  if (server === 'closed') throw new DomainError('serverClosed');
  if (server === 'unknown') throw new DomainError('unknownServer');
  const bundle = findBundle(gameArea, productId);
  if (!bundle) throw bundleNotOnSale();
  const method = gameArea.payTypes.find((type) => type.payType === payType);
  if (!method) throw new DomainError('payTypeNotOffered');
  const answer = (orderId: string): CreatedOrderIds => ({ orderId, payUrl: orders.payments.checkoutUrl(orderId) });

  let role: GameRole;
  let code: DiscountCode | null = null;
  let offer: OfferTerms | null = null;
  let variant: VariantOffer | null = null;
  try {
    // Inside: the retry of an order placed just before the sale ended is answered with that order.
    checkSaleWindow(bundle, now);
    const found = await games.lookupRole({ gameId, serverId, serverSign: server.serverSign, roleId });
    if (!found) throw new DomainError('roleNotFound');
    if (request.uid && request.uid !== found.uid) throw new DomainError('roleOfAnotherAccount');
    role = found;
    if (request.offerOf) {
      // The offer's price is the server's, from the paid order and the catalogue: the page's only has to agree.
      offer = await offerTermsFor(db, { offerOf: request.offerOf, gameId, area: gameArea.area, roleId: role.roleId, productId: bundle.productId }, now);
      checkSeenPrice(request.seenAmount, offerPriceMinor(bundle.priceMinor, offer.percentOff), currencyCode(gameArea.area));
    } else {
      // An experiment's variant: the visitor's own, from its cookie; the page's price only has to agree.
      variant = await orderVariant(db, services.experiments, { gameId, area: gameArea.area, productId: bundle.productId }, request.visitor ?? null);
      checkSeenPrice(request.seenAmount, variantPriceMinor(bundle.priceMinor, variant?.percentOff ?? 0), currencyCode(gameArea.area));
      code = await checkCode(db, normaliseCode(request.discountCode), gameId, productId, currencyCode(gameArea.area));
    }
  } catch (error) {
    // A retry of an order placed already is answered with it, even if the code has expired since.
    const earlier = await findTokenOrder(db, orderToken);
    if (earlier) return answer(sameTokenOrder(earlier, request));
    throw error;
  }

  // The language the player buys in: its mail, receipt and e-mail are written in it, whatever the area's.
  const language = request.locale ?? localeForArea(gameArea.area);
  const written = await writeOrder(db, {
    orderToken,
    gameId,
    area: gameArea.area,
    currency: currencyCode(gameArea.area),
    serverId,
    serverName: server.serverName,
    roleId: role.roleId,
    roleName: role.roleName,
    uid: role.uid,
    bundleId: bundle.id,
    productId: bundle.productId,
    productName: bundleTexts(bundle, language).productName,
    locale: language,
    receiptEmail: request.receiptEmail ?? '',
    bundlePriceMinor: bundle.priceMinor,
    // The chosen pay method's difference: the page showed its price beside it.
    methodPercent: method.pricePercent,
    firstBuyOffer: bundle.firstBuyOffer,
    // Kept in the order's language: its in-game mail and its receipt name them as the player read them.
    promisedItems: {
      // An offer's bonus items come with the bundle's own: the mail names them all.
      items: [
        ...itemsIn(bundle.items, gameArea.area, language),
        ...itemsIn(offer?.bonusItems ?? [], gameArea.area, language),
        // So do an experiment variant's.
        ...itemsIn(experimentItems(gameArea, variant?.bonusItems ?? []), gameArea.area, language),
      ],
      firstBuy: itemsIn(bundle.firstBuyItems, gameArea.area, language),
      bonus: itemsIn(bundle.bonusItems, gameArea.area, language),
    },
    roleBuyLimit: bundle.roleBuyLimit,
    roleBuyLimitPeriod: bundle.roleBuyLimitPeriod,
    payType,
    code,
    provider: orders.payments.name,
    expiresAfterMs: orders.settings.expiresAfterMs,
    buyer: request.buyer,
    storefront: request.storefront ?? '',
    unpaidOrdersPerCharacter: orders.settings.unpaidOrdersPerCharacter,
    unpaidOrdersPerBuyer: orders.settings.unpaidOrdersPerBuyer,
    ...(offer ? { offer: { offerOf: offer.offerOf, percentOff: offer.percentOff } } : {}),
    ...(variant ? { experiment: { experimentId: variant.experimentId, variant: variant.variant, visitor: variant.visitor, percentOff: variant.percentOff } } : {}),
  });
  if (written) return answer(written);
  // The token named an order already (a retry, a double tap, or the same request at the same moment).
  const winner = await findTokenOrder(db, orderToken);
  if (!winner) throw new Error(`order token ${orderToken} neither written nor found`);
  return answer(sameTokenOrder(winner, request));
}
