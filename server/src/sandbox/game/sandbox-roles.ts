import type { SandboxRole } from '@topup/shared/types';
import type { Queryable } from '../../db/db';
import { prepared } from '../../db/prepared-sql';
import { upsertRows } from '../../db/upsert-rows';
import type { GameRole, RoleQuery } from '../../game/game-gateway';

/** The sandbox game's characters (table sandbox_roles), on the catalogue's servers. */

interface RoleRow {
  game_id: number;
  server_id: string;
  role_id: string;
  role_name: string;
  uid: string;
  last_login_at: Date;
}

const toRole = (row: RoleRow): GameRole => ({
  gameId: row.game_id,
  serverId: row.server_id,
  roleId: row.role_id,
  roleName: row.role_name,
  uid: row.uid,
  lastLoginAt: row.last_login_at,
});

const COLUMNS = 'game_id, server_id, role_id, role_name, uid, last_login_at';

function findRoleSql(match: string): string {
  return `SELECT r.game_id, r.server_id, r.role_id, r.role_name, r.uid, r.last_login_at
       FROM sandbox_roles r
       JOIN servers s ON s.game_id = r.game_id AND s.server_id = r.server_id AND s.server_sign = $3
      WHERE r.game_id = $1 AND r.server_id = $2 AND ${match}
      LIMIT 1`;
}

/** Every lookup of the sandbox game runs one of these two: each is prepared once per connection. */
const FIND_BY_ID = prepared('sandbox_role_by_id', findRoleSql('r.role_id = $4'));
const FIND_BY_NAME = prepared('sandbox_role_by_name', findRoleSql('lower(r.role_name) = lower($4)'));

/**
 * One statement: the character, on a server whose sign matches (empty for servers without one).
 * Like a real game API, a lookup on a server that needs a sign is refused without the right one.
 */
export async function findRole(db: Queryable, query: RoleQuery): Promise<GameRole | null> {
  const rows = await db.query<RoleRow>(query.roleName ? FIND_BY_NAME : FIND_BY_ID, [query.gameId, query.serverId, query.serverSign, query.roleName ?? query.roleId ?? '']);
  return rows[0] ? toRole(rows[0]) : null;
}

/** Every character of one account in a game, most recently played first. */
export async function findRolesOfAccount(db: Queryable, gameId: number, uid: string): Promise<GameRole[]> {
  const rows = await db.query<RoleRow>(
    `SELECT ${COLUMNS} FROM sandbox_roles WHERE game_id = $1 AND uid = $2 ORDER BY last_login_at DESC, role_id`,
    [gameId, uid],
  );
  return rows.map(toRole);
}

/** Every character of a game with its server's area, in the order of the game's areas and servers. */
export function listRolesOfGame(db: Queryable, gameId: number): Promise<SandboxRole[]> {
  return db.query<SandboxRole>(
    `SELECT r.game_id, s.area, r.server_id, r.role_id, r.role_name, r.uid
       FROM sandbox_roles r JOIN servers s ON s.game_id = r.game_id AND s.server_id = r.server_id
      WHERE r.game_id = $1
      ORDER BY s.area, s.sort, r.server_id, r.role_id`,
    [gameId],
  );
}

/** Writes characters; one already there (same game and role id) gets these values again. */
export async function upsertRoles(tx: Queryable, roles: readonly GameRole[]): Promise<void> {
  await upsertRows(
    tx,
    'sandbox_roles',
    [
      { name: 'game_id', type: 'integer' },
      { name: 'server_id', type: 'text' },
      { name: 'role_id', type: 'text' },
      { name: 'role_name', type: 'text' },
      { name: 'uid', type: 'text' },
      { name: 'last_login_at', type: 'timestamptz' },
    ],
    ['game_id', 'role_id'],
    roles.map((role) => ({
      game_id: role.gameId,
      server_id: role.serverId,
      role_id: role.roleId,
      role_name: role.roleName,
      uid: role.uid,
      last_login_at: role.lastLoginAt.toISOString(),
    })),
  );
}
