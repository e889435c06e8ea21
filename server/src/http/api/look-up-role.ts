import type { RoleInfo } from '@topup/shared/types';
import { openServer } from '../../catalogue/catalogue';
import { resolveGameArea } from '../../catalogue/resolve-game-area';
import type { ActionContext, ActionInput } from './action';
import { invalid, missing, roleNotFound, serverClosed, unknownServer } from './api-error';
import type { MessageKey } from './messages';
import { requireGameId } from './require-game-id';

/**
 * Finds the character a player typed, with the spec's checks in the spec's order:
 * the server first ('Please select a server'), then the character ID (or name, game 284),
 * then the server's sign where the game needs it (game 134).
 */
export async function lookUpRole(
  input: ActionInput,
  { catalogue, games }: ActionContext,
  emptyRoleIdMessage: MessageKey,
): Promise<RoleInfo> {
  const gameId = requireGameId(input);
  const { game, gameArea } = resolveGameArea(catalogue, gameId, input.area);
  const serverId = input.server_id ?? '';
  if (serverId === '') throw missing('server_id', 'selectServer');
  const byName = game.roleLookup === 'name';
  const roleId = input.role_id ?? '';
  const roleName = (input.role_name ?? '').trim();
  if (byName ? roleName === '' : roleId === '') {
    throw byName ? missing('role_name', 'fillCharacterName') : missing('role_id', emptyRoleIdMessage);
  }
  const server = openServer(catalogue, gameId, serverId, gameArea.area);
  if (server === 'closed') throw serverClosed();
  if (server === 'unknown') throw unknownServer();
  const serverSign = input.server_sign ?? '';
  if (game.serverSignRequired) {
    if (serverSign === '') throw missing('server_sign');
    if (serverSign !== server.serverSign) throw invalid('server_sign');
  }
  const role = await games.lookupRole({
    gameId,
    serverId,
    serverSign: server.serverSign,
    ...(byName ? { roleName } : { roleId }),
  });
  if (!role) throw roleNotFound();
  return {
    server_name: server.serverName,
    role_id: role.roleId,
    role_name: role.roleName,
    uid: role.uid,
    server_id: server.serverId,
  };
}
