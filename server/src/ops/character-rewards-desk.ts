import type { Db, Queryable } from '../db/db';
import { OperationRefused } from '../domain-errors';
import { isCalendarDay } from '../text/calendar-day';
import { correctPoints, endLink, giftsOf, linksOfCharacter, pointsOf, resendGift, type Character, type PointsEntry } from '../players';
import { auditedRequest, writeAudit, type Actor } from './audit';

/** A character's links, points and gifts as the player's page shows them (decisions 304, 305). */
export interface CharacterRewards {
  readonly game_id: number;
  readonly server_id: string;
  readonly role_id: string;
  readonly links: ReadonlyArray<{ link_id: string; created_at: Date; expires_at: Date; ended_at: Date | null; ended_by: string | null; live: boolean }>;
  readonly points: number;
  readonly entries: readonly PointsEntry[];
  readonly gifts: ReadonlyArray<{ day: string; mail_key: string; claimed_at: Date }>;
}

/** The links, points and gifts of each character on the page. */
export function rewardsOfCharacters(db: Queryable, characters: ReadonlyArray<{ game_id: number; server_id: string; role_id: string }>): Promise<CharacterRewards[]> {
  return Promise.all(
    characters.map(async (row) => {
      const character: Character = { gameId: row.game_id, serverId: row.server_id, roleId: row.role_id };
      const [links, points, gifts] = await Promise.all([linksOfCharacter(db, character), pointsOf(db, character, 50), giftsOf(db, character, 30)]);
      return { game_id: row.game_id, server_id: row.server_id, role_id: row.role_id, links, points: points.balance, entries: points.entries, gifts };
    }),
  );
}

/** The desk ends a browser's link to a character: audited with the reason, once per request key. */
export async function endLinkFromDesk(db: Db, actor: Actor, linkId: string, reason: string, requestKey: string): Promise<{ done: boolean }> {
  if (!reason.trim()) throw new OperationRefused('invalid', 'A reason is required', 'reasonRequired');
  return db.transaction(async (tx) => {
    const [link] = await tx.query<{ game_id: number; server_id: string; role_id: string; ended_at: Date | null }>(
      'SELECT game_id, server_id, role_id, ended_at FROM character_links WHERE link_id = $1 FOR UPDATE',
      [linkId],
    );
    if (!link) throw new OperationRefused('notFound', `No link ${linkId}`, 'noSuchLink');
    if (await auditedRequest(tx, requestKey)) return { done: false };
    if (!(await endLink(tx, linkId, `operator:${actor.operatorId ?? actor.name}`))) throw new OperationRefused('conflict', 'This link has ended already', 'linkEnded');
    const character = `${link.game_id}:${link.server_id}:${link.role_id}`;
    const recorded = await writeAudit(tx, actor, { action: 'player.end_link', targetType: 'character', targetId: character, before: { link: linkId, live: true }, after: { link: linkId, live: false }, reason, requestKey });
    if (!recorded) throw new OperationRefused('conflict', 'This request is being done already', 'inProgress');
    return { done: true };
  });
}

/** The desk corrects a character's points (up or down, never below zero): audited with the reason. */
export async function correctPointsFromDesk(db: Db, actor: Actor, character: Character, points: number, reason: string, requestKey: string): Promise<{ done: boolean; balance: number | null }> {
  if (!reason.trim()) throw new OperationRefused('invalid', 'A reason is required', 'reasonRequired');
  if (!Number.isInteger(points) || points === 0) throw new OperationRefused('invalid', 'Give the points to add or take away', 'pointsRequired');
  return db.transaction(async (tx) => {
    if (await auditedRequest(tx, requestKey)) return { done: false, balance: null };
    const corrected = await correctPoints(tx, character, points, reason, actor.name);
    if (!corrected) throw new OperationRefused('conflict', 'The points would go below zero', 'pointsBelowZero');
    const target = `${character.gameId}:${character.serverId}:${character.roleId}`;
    const recorded = await writeAudit(tx, actor, {
      action: 'player.correct_points',
      targetType: 'character',
      targetId: target,
      before: { balance: corrected.balance - points },
      after: { balance: corrected.balance, points },
      reason,
      requestKey,
    });
    if (!recorded) throw new OperationRefused('conflict', 'This request is being done already', 'inProgress');
    return { done: true, balance: corrected.balance };
  });
}

/**
 * The desk mails a character's gift of `day` again (it never reached the game, or its items were
 * lost there): the same words and items under a new mail key, audited with the reason, once per
 * request key. Only a day the character claimed can be sent again.
 */
export async function resendGiftFromDesk(db: Db, actor: Actor, character: Character, day: string, reason: string, requestKey: string): Promise<{ done: boolean }> {
  if (!reason.trim()) throw new OperationRefused('invalid', 'A reason is required', 'reasonRequired');
  if (!isCalendarDay(day)) throw new OperationRefused('notFound', `No gift claimed on ${day}`, 'noSuchGift');
  return db.transaction(async (tx) => {
    if (await auditedRequest(tx, requestKey)) return { done: false };
    const mailKey = await resendGift(tx, character, day);
    if (!mailKey) throw new OperationRefused('notFound', `No gift claimed on ${day}`, 'noSuchGift');
    const recorded = await writeAudit(tx, actor, {
      action: 'player.resend_gift',
      targetType: 'character',
      targetId: `${character.gameId}:${character.serverId}:${character.roleId}`,
      before: { day },
      after: { day, mail_key: mailKey },
      reason,
      requestKey,
    });
    if (!recorded) throw new OperationRefused('conflict', 'This request is being done already', 'inProgress');
    return { done: true };
  });
}
