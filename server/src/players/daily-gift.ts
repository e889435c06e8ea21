import { randomBytes } from 'node:crypto';
import type { CatalogueItem, GameRewards } from '../catalogue/catalogue';
import type { Db, Queryable } from '../db/db';
import type { LinkedCharacter } from './character-links';
import type { Character, Language } from './character';
import { copyPlayerMailIn, queuePlayerMailIn } from './player-mails';

const GIFT_TITLE: Record<Language, string> = {
  en: 'Your daily gift from TopUp Store',
  ko: 'TopUp Store 일일 선물',
  zh: 'TopUp Store 每日礼物',
};

const GIFT_BODY: Record<Language, string> = {
  en: 'Thank you for playing. Come back tomorrow for another gift.',
  ko: '플레이해 주셔서 감사합니다. 내일 또 선물을 받으러 오세요.',
  zh: '感谢您的游玩，明天再来领取新的礼物吧。',
};

/** A catalogue item named in the player's language (the name above when it has none in it). */
export const itemIn = (item: CatalogueItem, language: Language) => ({ name: item.names?.[language] || item.name, quantity: item.quantity });

export interface GiftDay {
  /** The day in the game's time zone, YYYY-MM-DD. */
  readonly day: string;
  /** When the next day starts there. */
  readonly nextAt: Date;
}

/** Today in the game's time zone, and when tomorrow starts there. */
export async function giftDay(db: Queryable, timeZone: string): Promise<GiftDay> {
  const [row] = await db.query<{ day: string; next_at: Date }>(
    `SELECT d::text AS day, ((d + 1)::timestamp AT TIME ZONE $1) AS next_at
       FROM (SELECT (clock_timestamp() AT TIME ZONE $1)::date AS d) AS today`,
    [timeZone],
  );
  return { day: row!.day, nextAt: new Date(row!.next_at) };
}

export type GiftOutcome = ({ readonly claimed: true } | { readonly claimed: false }) & GiftDay;

/**
 * Claims today's gift for a linked character: one per character per day in the game's time zone. The
 * day's row (its primary key) and the gift's mail commit together, so a second claim — at the same
 * moment, on another instance — finds the row and mails nothing.
 */
export async function claimDailyGift(db: Db, link: LinkedCharacter, rewards: GameRewards, language: Language): Promise<GiftOutcome> {
  const gift = rewards.daily_gift;
  if (!gift) throw new Error(`game ${link.gameId} has no daily gift`);
  return db.transaction(async (tx) => {
    const today = await giftDay(tx, rewards.time_zone);
    const key = `gift-${randomBytes(12).toString('base64url')}`;
    const inserted = await tx.query(
      `INSERT INTO daily_gifts (game_id, server_id, role_id, day, mail_key, link_id) VALUES ($1, $2, $3, $4::date, $5, $6)
       ON CONFLICT (game_id, server_id, role_id, day) DO NOTHING RETURNING mail_key`,
      [link.gameId, link.serverId, link.roleId, today.day, key, link.linkId],
    );
    if (inserted.length === 0) return { claimed: false, ...today };
    await queuePlayerMailIn(tx, {
      key,
      kind: 'daily_gift',
      gameId: link.gameId,
      serverId: link.serverId,
      roleId: link.roleId,
      title: GIFT_TITLE[language],
      body: GIFT_BODY[language],
      items: gift.map((item) => itemIn(item, language)),
    });
    return { claimed: true, ...today };
  });
}

/** Whether the character claimed today's gift. */
export async function claimedToday(db: Queryable, character: Character, rewards: GameRewards): Promise<GiftDay & { readonly claimed: boolean }> {
  const today = await giftDay(db, rewards.time_zone);
  const rows = await db.query('SELECT 1 FROM daily_gifts WHERE game_id = $1 AND server_id = $2 AND role_id = $3 AND day = $4::date', [
    character.gameId,
    character.serverId,
    character.roleId,
    today.day,
  ]);
  return { ...today, claimed: rows.length === 1 };
}

/**
 * Mails a claimed gift again, the same words and items under a new key (the desk's correction when a
 * gift never reached the game). Returns the new mail's key, or null when the character claimed no gift
 * that day. The day's row is locked, so two presses at once each send their own copy, in turn.
 */
export async function resendGift(tx: Queryable, character: Character, day: string): Promise<string | null> {
  const [gift] = await tx.query<{ mail_key: string }>(
    'SELECT mail_key FROM daily_gifts WHERE game_id = $1 AND server_id = $2 AND role_id = $3 AND day = $4::date FOR UPDATE',
    [character.gameId, character.serverId, character.roleId, day],
  );
  if (!gift) return null;
  const key = `gift-${randomBytes(12).toString('base64url')}`;
  return (await copyPlayerMailIn(tx, gift.mail_key, key)) ? key : null;
}

/** A character's gifts, newest first (the support desk's view). */
export function giftsOf(db: Queryable, character: Character, limit = 60) {
  return db.query<{ day: string; mail_key: string; claimed_at: Date }>(
    'SELECT day::text AS day, mail_key, claimed_at FROM daily_gifts WHERE game_id = $1 AND server_id = $2 AND role_id = $3 ORDER BY day DESC LIMIT $4',
    [character.gameId, character.serverId, character.roleId, limit],
  );
}
