import type { Db } from '../db/db';
import type { GameGateway, GameRole, RoleQuery } from '../game/game-gateway';
import { depositMail } from './mailbox';

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

/**
 * The sandbox game: its characters and mailbox live in the store's database (tables
 * sandbox_roles and sandbox_mail). A real game's gateway would call that game's servers.
 * Like a real game API, a lookup on a server that needs a sign is refused without the right one.
 */
export class SandboxGameGateway implements GameGateway {
  constructor(private readonly db: Db) {}

  async lookupRole(query: RoleQuery): Promise<GameRole | null> {
    // One statement: the character, on a server whose sign matches (empty for servers without one).
    const match = query.roleName ? 'lower(r.role_name) = lower($4)' : 'r.role_id = $4';
    const rows = await this.db.query<RoleRow>(
      `SELECT r.game_id, r.server_id, r.role_id, r.role_name, r.uid, r.last_login_at
         FROM sandbox_roles r
         JOIN servers s ON s.game_id = r.game_id AND s.server_id = r.server_id AND s.server_sign = $3
        WHERE r.game_id = $1 AND r.server_id = $2 AND ${match}
        LIMIT 1`,
      [query.gameId, query.serverId, query.serverSign, query.roleName ?? query.roleId ?? ''],
    );
    return rows[0] ? toRole(rows[0]) : null;
  }

  async rolesOfAccount(gameId: number, uid: string): Promise<GameRole[]> {
    const rows = await this.db.query<RoleRow>(
      `SELECT ${COLUMNS} FROM sandbox_roles WHERE game_id = $1 AND uid = $2 ORDER BY last_login_at DESC, role_id`,
      [gameId, uid],
    );
    return rows.map(toRole);
  }

  sendMail(mail: Parameters<GameGateway['sendMail']>[0]) {
    return depositMail(this.db, mail);
  }
}
