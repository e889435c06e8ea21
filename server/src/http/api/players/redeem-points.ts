import { itemIn, redeemPoints as spendPoints } from '../../../players';
import { defineAction } from '../action';
import { ApiError, invalid, missing } from '../api-error';
import { FIELD } from '../fields';
import { RET } from '../ret-codes';
import { requireLink } from './character-of';

/**
 * `redeemPoints {game_id, area, server_id, role_id, reward_id, redeem_token}` (needs the link cookie): one
 * of the game's rewards bought with points, mailed into the game through the delivery outbox. The same
 * `redeem_token` again spends nothing more; too few points: 1047.
 */
export const redeemPoints = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area, server_id: FIELD.serverId, role_id: FIELD.roleId, reward_id: FIELD.rewardId, redeem_token: FIELD.redeemToken },
  signed: true,
  limit: 'ownershipConfirm',
  async handle(input, context) {
    const link = await requireLink(input, context);
    const rewardId = input.reward_id ?? '';
    const token = input.redeem_token ?? '';
    if (rewardId === '') throw missing('reward_id');
    if (token.length < 16) throw token === '' ? missing('redeem_token') : invalid('redeem_token');
    const reward = context.catalogue.games.get(link.gameId)?.rewards?.redeem?.find((one) => one.reward_id === rewardId);
    if (!reward) throw invalid('reward_id');
    const outcome = await spendPoints(context.db, link, reward, token, context.locale);
    if (!outcome.redeemed) throw new ApiError(RET.NOT_ENOUGH_POINTS, 'notEnoughPoints');
    context.orders.wakeDelivery();
    return { redeemed: true, balance: outcome.balance, items: reward.items.map((item) => itemIn(item, context.locale)) };
  },
});
