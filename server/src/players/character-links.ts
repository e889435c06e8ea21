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

/** A new link, in the caller's transaction (the code that proved it is spent in the same one). */
export async function createLink(tx: Queryable, character: Character & { readonly area: string; readonly roleName: string }, lifeMs: number): Promise<LinkedCharacter> {
  const [row] = await tx.query<LinkRow>(
    `INSERT INTO character_links (link_id, game_id, area, server_id, role_id, role_name, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp() + $7 * interval '1 millisecond') RETURNING ${COLUMNS}`,
    [randomBytes(16).toString('base64url'), character.gameId, character.area, character.serverId, character.roleId, character.roleName.slice(0, 64), lifeMs],
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
