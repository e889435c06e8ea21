import { currencyCode } from '@topup/shared/rules';
import { invalid, missing, roleNotFound, unknownServer } from '../api/api-error';
import { requireGameId, resolveGameArea } from '../api/game-area';
import type { ActionContext, ActionInput } from '../api/action';
import { findServer } from '../catalogue/catalogue';
import { findDiscountCode } from '../discounts/discount-codes';
import { normaliseCode, refuseDiscount, type DiscountCode } from '../discounts/discount-rules';
import { findTokenOrder, readRoleHistory, type TokenOrder } from './bundle-history';
import { findBundle } from './find-bundle';
import { bundleNotOnSale, discountError, limitError } from './order-errors';
import { newOrderId } from './order-id';
import { firstBuyApplies, priceOrder, refuseByLimit } from './price';
import { lockRole } from './role-lock';

export interface CreatedOrderIds {
  readonly orderId: string;
  readonly payUrl: string;
}

/** The same token names the same purchase: another character or bundle with it is refused. */
function sameTokenOrder(existing: TokenOrder, gameId: number, roleId: string, productId: string): string {
  if (existing.game_id !== gameId || existing.role_id !== roleId || existing.product_id !== productId) throw invalid('order_token');
  return existing.order_id;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * createOrder (and the pay centre's pay): checks the request against the catalogue, the game and
 * the character's purchases, prices it on the server, and writes one order per client token.
 * The browser sends no amount: whatever it shows, the price is computed here.
 */
export async function placeOrder(input: ActionInput, context: ActionContext): Promise<CreatedOrderIds> {
  const { catalogue, db, games, orders } = context;
  const gameId = requireGameId(input);
  const { gameArea } = resolveGameArea(catalogue, gameId, input.area);
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

  const server = findServer(catalogue, gameId, serverId);
  if (!server || server.area !== gameArea.area) throw unknownServer();
  const bundle = findBundle(gameArea, productId);
  if (!bundle) throw bundleNotOnSale();
  if (!gameArea.payTypes.some((type) => type.payType === payType)) throw invalid('pay_type');
  const payUrl = (orderId: string): CreatedOrderIds => ({ orderId, payUrl: orders.payments.checkoutUrl(orderId) });

  // A retry or a double tap: the order is already there.
  const earlier = await findTokenOrder(db, orderToken);
  if (earlier) return payUrl(sameTokenOrder(earlier, gameId, roleId, productId));

  const role = await games.lookupRole({ gameId, serverId, serverSign: server.serverSign, roleId });
  if (!role) throw roleNotFound();
  if (input.uid && input.uid !== role.uid) throw invalid('uid');

  const typedCode = normaliseCode(input.discount_code ?? '');
  let code: DiscountCode | null = null;
  if (typedCode) {
    code = await findDiscountCode(db, typedCode);
    const refusal = refuseDiscount(code, { gameId, productId, now: new Date(), usesByRole: 0 });
    if (refusal) throw discountError(refusal);
  }

  const write = () =>
    db.transaction(async (tx) => {
      await lockRole(tx, gameId, roleId);
      const history = await readRoleHistory(tx, { gameId, roleId, bundleId: bundle.id, discountCode: typedCode, orderToken });
      if (history.tokenOrder) return sameTokenOrder(history.tokenOrder, gameId, roleId, productId);
      const limitRefusal = refuseByLimit(bundle.roleBuyLimit, history);
      if (limitRefusal) throw limitError(limitRefusal);
      if (code) {
        const refusal = refuseDiscount(code, { gameId, productId, now: new Date(), usesByRole: history.codeUses });
        if (refusal) throw discountError(refusal);
      }
      const price = priceOrder(bundle.priceMinor, code?.percentOff ?? 0);
      const orderId = newOrderId();
      await tx.query(
        `WITH placed AS (
           INSERT INTO orders (order_id, order_token, game_id, area, server_id, server_name, role_id, role_name, uid,
                               bundle_id, product_id, product_name, pay_type, discount_code, list_price_minor, discount_minor,
                               amount_minor, currency, first_buy, payment_provider, status, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, 'created',
                   now() + $21 * interval '1 millisecond')
           RETURNING order_id, created_at)
         INSERT INTO order_events (order_id, event, at) SELECT order_id, 'created', created_at FROM placed`,
        [
          orderId,
          orderToken,
          gameId,
          gameArea.area,
          serverId,
          server.serverName,
          role.roleId,
          role.roleName,
          role.uid,
          bundle.id,
          bundle.productId,
          bundle.productName,
          payType,
          code?.code ?? '',
          price.listPriceMinor,
          price.discountMinor,
          price.amountMinor,
          currencyCode(gameArea.area),
          firstBuyApplies(bundle.firstBuyOffer, history),
          orders.payments.name,
          orders.settings.expiresAfterMs,
        ],
      );
      return orderId;
    });

  try {
    return payUrl(await write());
  } catch (error) {
    // The same token written at the same moment for another character: answer as a retry would.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findTokenOrder(db, orderToken);
    if (!winner) throw error;
    return payUrl(sameTokenOrder(winner, gameId, roleId, productId));
  }
}
