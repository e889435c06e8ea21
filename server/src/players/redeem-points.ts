import { createHash } from 'node:crypto';
import type { GameRewards } from '../catalogue/catalogue';
import type { Db } from '../db/db';
import type { LinkedCharacter } from './character-links';
import { itemIn } from './daily-gift';
import type { Language } from './character';
import { queuePlayerMailIn } from './player-mails';
import { lockPoints, balanceOf } from './points';

type Reward = NonNullable<GameRewards['redeem']>[number];

const TITLE: Record<Language, (name: string) => string> = {
  en: (name) => `Your reward from TopUp Store: ${name}`,
  ko: (name) => `TopUp Store 포인트 보상: ${name}`,
  zh: (name) => `您的 TopUp Store 积分奖励：${name}`,
};

export type RedeemOutcome = { readonly redeemed: true; readonly balance: number; readonly repeated: boolean } | { readonly redeemed: false; readonly balance: number };

/**
 * Buys a reward with the character's points (decision 305): the points leave the ledger and the reward's
 * mail is queued in one transaction, under the character's points lock, so two redemptions at once never
 * spend the same points. `token` is the page's for this press: the same press again spends nothing more.
 */
export async function redeemPoints(db: Db, link: LinkedCharacter, reward: Reward, token: string, language: Language): Promise<RedeemOutcome> {
  return db.transaction(async (tx) => {
    await lockPoints(tx, link);
    const eventKey = `redeem:${link.gameId}:${link.serverId}:${link.roleId}:${token}`;
    const done = await tx.query('SELECT 1 FROM points_ledger WHERE event_key = $1', [eventKey]);
    if (done.length > 0) return { redeemed: true, balance: await balanceOf(tx, link), repeated: true };
    const balance = await balanceOf(tx, link);
    if (balance < reward.points) return { redeemed: false, balance };
    await tx.query(
      `INSERT INTO points_ledger (event_key, game_id, server_id, role_id, kind, points, reason) VALUES ($1, $2, $3, $4, 'redeem', $5, $6)`,
      [eventKey, link.gameId, link.serverId, link.roleId, -reward.points, reward.reward_id],
    );
    const name = reward.names[language];
    await queuePlayerMailIn(tx, {
      key: `reward-${createHash('sha256').update(eventKey).digest('base64url').slice(0, 32)}`,
      kind: 'points_reward',
      gameId: link.gameId,
      serverId: link.serverId,
      roleId: link.roleId,
      title: TITLE[language](name),
      body: '',
      items: reward.items.map((item) => itemIn(item, language)),
    });
    return { redeemed: true, balance: balance - reward.points, repeated: false };
  });
}
