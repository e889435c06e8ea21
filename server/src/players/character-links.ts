import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { Character } from './character';

/** A browser's link to a character, as the store keeps it (table character_links). */
export interface LinkedCharacter extends Character {
  readonly linkId: string;
  readonly area: string;
  readonly roleName: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** How long a link holds when nobody ends it (docs/api.md, "Linked characters"). */
export const LINK_LIFE_MS = 90 * 24 * 60 * 60_000;

interface LinkRow {
  link_id: string;
  game_id: number;
  area: string;
  server_id: string;
  role_id: string;
  role_name: string;
  created_at: Date;
  expires_at: Date;
}

const linkOf = (row: LinkRow): LinkedCharacter => ({
  linkId: row.link_id,
  gameId: row.game_id,
  area: row.area,
  serverId: row.server_id,
  roleId: row.role_id,
  roleName: row.role_name,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

const COLUMNS = 'link_id, game_id, area, server_id, role_id, role_name, created_at, expires_at';

/**
 * A new link, in the caller's transaction (the code that proved it is spent in the same one). It joins
 * the browser of the newest live link among `heldLinkIds` (the browser's cookie), or starts a browser
 * of its own (decision 311).
 */
export async function createLink(
  tx: Queryable,
  character: Character & { readonly area: string; readonly roleName: string },
  lifeMs: number,
  heldLinkIds: readonly string[] = [],
): Promise<LinkedCharacter> {
  const [row] = await tx.query<LinkRow>(
    `INSERT INTO character_links (link_id, game_id, area, server_id, role_id, role_name, expires_at, browser_id)
     VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp() + $7 * interval '1 millisecond',
             COALESCE((SELECT browser_id FROM character_links WHERE link_id = ANY($8::text[]) AND ended_at IS NULL AND expires_at > clock_timestamp()
                        ORDER BY created_at DESC LIMIT 1), $9))
     RETURNING ${COLUMNS}`,
    [
      randomBytes(16).toString('base64url'),
      character.gameId,
      character.area,
      character.serverId,
      character.roleId,
      character.roleName.slice(0, 64),
      lifeMs,
      [...heldLinkIds],
      randomBytes(16).toString('base64url'),
    ],
  );
  return linkOf(row!);
}

/** The links among `linkIds` that still hold (not ended, not expired), newest first. */
export async function liveLinks(db: Queryable, linkIds: readonly string[]): Promise<LinkedCharacter[]> {
  if (linkIds.length === 0) return [];
  const rows = await db.query<LinkRow>(
    `SELECT ${COLUMNS} FROM character_links
      WHERE link_id = ANY($1::text[]) AND ended_at IS NULL AND expires_at > clock_timestamp() ORDER BY created_at DESC`,
    [linkIds],
  );
  return rows.map(linkOf);
}

/** The live link among `linkIds` to this character, or null. */
export async function linkTo(db: Queryable, linkIds: readonly string[], character: Character): Promise<LinkedCharacter | null> {
  const links = await liveLinks(db, linkIds);
  return links.find((link) => link.gameId === character.gameId && link.serverId === character.serverId && link.roleId === character.roleId) ?? null;
}

/** Ends a link ('player', or 'operator:<id>'); false when it had already ended or never was. */
export async function endLink(db: Queryable, linkId: string, endedBy: string): Promise<boolean> {
  const rows = await db.query(`UPDATE character_links SET ended_at = clock_timestamp(), ended_by = $2 WHERE link_id = $1 AND ended_at IS NULL RETURNING link_id`, [linkId, endedBy]);
  return rows.length === 1;
}

/** Every link of a character, live or not, newest first (the support desk's view). */
export function linksOfCharacter(db: Queryable, character: Character) {
  return db.query<{ link_id: string; created_at: Date; expires_at: Date; ended_at: Date | null; ended_by: string | null; live: boolean }>(
    `SELECT link_id, created_at, expires_at, ended_at, ended_by, (ended_at IS NULL AND expires_at > clock_timestamp()) AS live
       FROM character_links WHERE game_id = $1 AND server_id = $2 AND role_id = $3 ORDER BY created_at DESC LIMIT 100`,
    [character.gameId, character.serverId, character.roleId],
  );
}

/** A character offered to a browser among its recent characters (decision 311). */
export interface FollowingCharacter extends Character {
  readonly area: string;
  readonly roleName: string;
  /** This browser holds a live link to it (else it was linked in a browser together with one of them). */
  readonly linkedHere: boolean;
}

/** The most characters offered to one browser. */
export const FOLLOWING_MAX = 20;

/**
 * The characters that follow a player to this browser (decision 311): those its live links name, and
 * those with a live link in any browser that holds a live link to one of them — one step, never
 * further, and only links proven with a code. Newest link first. Nothing without a live link.
 */
export async function charactersFollowing(db: Queryable, linkIds: readonly string[]): Promise<FollowingCharacter[]> {
  if (linkIds.length === 0) return [];
  const rows = await db.query<{ game_id: number; area: string; server_id: string; role_id: string; role_name: string; linked_here: boolean }>(
    `WITH mine AS (
       SELECT game_id, server_id, role_id FROM character_links
        WHERE link_id = ANY($1::text[]) AND ended_at IS NULL AND expires_at > clock_timestamp()
     ), browsers AS (
       SELECT DISTINCT l.browser_id FROM character_links l
         JOIN mine m ON l.game_id = m.game_id AND l.server_id = m.server_id AND l.role_id = m.role_id
        WHERE l.ended_at IS NULL AND l.expires_at > clock_timestamp()
     ), offered AS (
       SELECT DISTINCT ON (l.game_id, l.server_id, l.role_id) l.game_id, l.area, l.server_id, l.role_id, l.role_name, l.created_at,
              EXISTS (SELECT 1 FROM mine m WHERE m.game_id = l.game_id AND m.server_id = l.server_id AND m.role_id = l.role_id) AS linked_here
         FROM character_links l
        WHERE l.browser_id IN (SELECT browser_id FROM browsers) AND l.ended_at IS NULL AND l.expires_at > clock_timestamp()
        ORDER BY l.game_id, l.server_id, l.role_id, l.created_at DESC
     )
     SELECT game_id, area, server_id, role_id, role_name, linked_here FROM offered ORDER BY linked_here DESC, created_at DESC LIMIT $2`,
    [[...linkIds], FOLLOWING_MAX],
  );
  return rows.map((row) => ({ gameId: row.game_id, area: row.area, serverId: row.server_id, roleId: row.role_id, roleName: row.role_name, linkedHere: row.linked_here }));
}
