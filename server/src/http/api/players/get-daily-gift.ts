import { claimedToday, itemIn } from '../../../players';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { requireLink } from './character-of';

/** `getDailyGift {game_id, area, server_id, role_id}` (needs the link cookie): today's gift and whether it was claimed. */
export const getDailyGift = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area, server_id: FIELD.serverId, role_id: FIELD.roleId },
  signed: true,
  async handle(input, context) {
    const link = await requireLink(input, context);
    const rewards = context.catalogue.games.get(link.gameId)?.rewards ?? null;
    if (!rewards?.daily_gift) return { offered: false, claimed: false, day: null, next_at: null, items: [] };
    const today = await claimedToday(context.db, link, rewards);
    return { offered: true, claimed: today.claimed, day: today.day, next_at: today.nextAt.toISOString(), items: rewards.daily_gift.map((item) => itemIn(item, context.locale)) };
  },
});
