import { currencyCode } from '@topup/shared/rules';
import { invalid, missing, roleNotFound, unknownServer } from '../api/api-error';
import { requireGameId, resolveGameArea } from '../api/game-area';
import type { ActionContext, ActionInput } from '../api/action';
import { findServer } from '../catalogue/catalogue';
import type { GameRole } from '../game/game-gateway';
import { findDiscountCode } from '../discounts/discount-codes';
import { normaliseCode, refuseDiscount, type DiscountCode } from '../discounts/discount-rules';
import { findTokenOrder, type TokenOrder } from './bundle-history';
import { findBundle } from './find-bundle';
import { bundleNotOnSale, discountError } from './order-errors';
import { writeOrder } from './write-order';

export interface CreatedOrderIds {
  readonly orderId: string;
  readonly payUrl: string;
}

/** The same token names the same purchase: another character or bundle with it is refused. */
function sameTokenOrder(existing: TokenOrder, gameId: number, roleId: string, productId: string): string {
  if (existing.game_id !== gameId || existing.role_id !== roleId || existing.product_id !== productId) throw invalid('order_token');
  return existing.order_id;
}

/** The fields a page must send, in the order the player fills them in. */
function requireFields(input: ActionInput) {
  const gameId = requireGameId(input);
  const serverId = input.server_id ?? '';
  if (serverId === '') throw missing('server_id', 'selectServer');
  const roleId = input.role_id ?? '';
  if (roleId === '') throw missing('role_id', 'fillCharacterId');
  const productId = input.product_id ?? '';
  if (productId === '') throw missing('product_id');
  const payType = input.pay_type ?? '';
  if (payType === '') throw missing('pay_type');
  const orderToken = input.order_token ?? '';
  if (orderToken === '') throw missing('order_token');
  return { gameId, serverId, roleId, productId, payType, orderToken };
}

async function checkCode(context: ActionContext, typed: string, gameId: number, productId: string): Promise<DiscountCode | null> {
  if (!typed) return null;
  const code = await findDiscountCode(context.db, typed);
  const refusal = refuseDiscount(code, { gameId, productId, now: new Date(), usesByRole: 0 });
  if (refusal) throw discountError(refusal);
  return code;
}

/**
 * createOrder (and the pay centre's pay): checks the request against the catalogue, the game and
 * the character's purchases, prices it on the server, and writes one order per client token.
 * The browser sends no amount: whatever it shows, the price is computed here.
 */
export async function placeOrder(input: ActionInput, context: ActionContext): Promise<CreatedOrderIds> {
  const { catalogue, db, games, orders } = context;
  const { gameId, serverId, roleId, productId, payType, orderToken } = requireFields(input);
  const { gameArea } = resolveGameArea(catalogue, gameId, input.area);
  const server = findServer(catalogue, gameId, serverId);
  if (!server || server.area !== gameArea.area) throw unknownServer();
  const bundle = findBundle(gameArea, productId);
  if (!bundle) throw bundleNotOnSale();
  if (!gameArea.payTypes.some((type) => type.payType === payType)) throw invalid('pay_type');
  const answer = (orderId: string): CreatedOrderIds => ({ orderId, payUrl: orders.payments.checkoutUrl(orderId) });

  let role: GameRole;
  let code: DiscountCode | null;
  try {
    const found = await games.lookupRole({ gameId, serverId, serverSign: server.serverSign, roleId });
    if (!found) throw roleNotFound();
    if (input.uid && input.uid !== found.uid) throw invalid('uid');
    role = found;
    code = await checkCode(context, normaliseCode(input.discount_code ?? ''), gameId, productId);
  } catch (error) {
    // A retry of an order placed already is answered with it, even if the code has expired since.
    const earlier = await findTokenOrder(db, orderToken);
    if (earlier) return answer(sameTokenOrder(earlier, gameId, roleId, productId));
    throw error;
  }

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
    productName: bundle.productName,
    listPriceMinor: bundle.priceMinor,
    firstBuyOffer: bundle.firstBuyOffer,
    roleBuyLimit: bundle.roleBuyLimit,
    payType,
    code,
    provider: orders.payments.name,
    expiresAfterMs: orders.settings.expiresAfterMs,
    unpaidOrdersPerCharacter: orders.settings.unpaidOrdersPerCharacter,
  });
  if (written) return answer(written);
  // The token named an order already (a retry, a double tap, or the same request at the same moment).
  const winner = await findTokenOrder(db, orderToken);
  if (!winner) throw new Error(`order token ${orderToken} neither written nor found`);
  return answer(sameTokenOrder(winner, gameId, roleId, productId));
}
