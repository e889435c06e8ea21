import type { AccountRole } from '@topup/shared/types';
import { findServer } from '../../../catalogue/catalogue';
import { resolveGameArea } from '../../../catalogue/resolve-game-area';
import type { ActionContext, ActionInput } from '../action';
import { missing } from '../api-error';
import { requireGameId } from '../require-game-id';

/** The characters of one player account (uid) in a game, most recently played first; `area` narrows them. */
export async function accountRoles(input: ActionInput, { catalogue, games }: ActionContext): Promise<AccountRole[]> {
  const gameId = requireGameId(input);
  const resolved = resolveGameArea(catalogue, gameId, input.area);
  const area = input.area ? resolved.gameArea.area : '';
  const uid = input.uid ?? '';
  if (uid === '') throw missing('uid', 'fillAccountId');
  const roles: AccountRole[] = [];
  for (const role of await games.rolesOfAccount(gameId, uid)) {
    const server = findServer(catalogue, gameId, role.serverId);
    if (!server || (area && server.area !== area)) continue;
    roles.push({
      server_name: server.serverName,
      role_id: role.roleId,
      role_name: role.roleName,
      uid: role.uid,
      server_id: server.serverId,
      area: server.area,
      last_login_at: role.lastLoginAt.toISOString(),
    });
  }
  return roles;
}
