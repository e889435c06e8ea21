import { itemIn, pointsOf, tierOf, type Tier } from '../../../players';
import type { Locale } from '@topup/shared/rules';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { requireLink } from './character-of';

const tierAnswer = (tier: Tier | null, locale: Locale) => (tier ? { name: tier.names[locale], min_points: tier.min_points } : null);

/**
 * `getPoints {game_id, area, server_id, role_id}` (needs the link cookie): the character's points, its
 * tier and the next one, and its latest ledger entries.
 */
export const getPoints = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area, server_id: FIELD.serverId, role_id: FIELD.roleId },
  signed: true,
  async handle(input, context) {
    const link = await requireLink(input, context);
    const rewards = context.catalogue.games.get(link.gameId)?.rewards ?? null;
    const { balance, entries } = await pointsOf(context.db, link);
    const { tier, next } = tierOf(rewards, balance);
    return {
      balance,
      tier: tierAnswer(tier, context.locale),
      next_tier: tierAnswer(next, context.locale),
      rewards: (rewards?.redeem ?? []).map((reward) => ({ reward_id: reward.reward_id, name: reward.names[context.locale], points: reward.points, items: reward.items.map((item) => itemIn(item, context.locale)) })),
      entries: entries.map((entry) => ({ kind: entry.kind, points: entry.points, order_id: entry.order_id ?? '', at: entry.created_at.toISOString() })),
    };
  },
});
