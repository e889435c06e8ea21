import { claimDailyGift as claimGift, itemIn } from '../../../players';
import { defineAction } from '../action';
import { ApiError } from '../api-error';
import { FIELD } from '../fields';
import { RET } from '../ret-codes';
import { requireLink } from './character-of';

/**
 * `claimDailyGift {game_id, area, server_id, role_id}` (needs the link cookie): the game's gift, once per
 * character per day in the game's time zone, by in-game mail through the delivery outbox. A second
 * claim the same day, even at the same moment on another instance, is refused (1045) and mails nothing.
 */
export const claimDailyGift = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area, server_id: FIELD.serverId, role_id: FIELD.roleId },
  signed: true,
  limit: 'ownershipConfirm',
  async handle(input, context) {
    const link = await requireLink(input, context);
    const rewards = context.catalogue.games.get(link.gameId)?.rewards ?? null;
    if (!rewards?.daily_gift) throw new ApiError(RET.NO_DAILY_GIFT, 'noDailyGift');
    const outcome = await claimGift(context.db, link, rewards, context.locale);
    if (!outcome.claimed) throw new ApiError(RET.GIFT_ALREADY_CLAIMED, 'giftAlreadyClaimed');
    context.orders.wakeDelivery();
    return { claimed: true, day: outcome.day, next_at: outcome.nextAt.toISOString(), items: rewards.daily_gift.map((item) => itemIn(item, context.locale)) };
  },
});
