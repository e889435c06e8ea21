import type { RoleInfo } from '@topup/shared/types';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { lookUpRole } from '../look-up-role';

/** `getRoleInfo`: the character a player typed, confirmed by the game. Rate limited per address. */
export const getRoleInfo = defineAction({
  fields: {
    role_id: FIELD.roleId,
    server_id: FIELD.serverId,
    area: FIELD.area,
    game_id: FIELD.gameId,
    server_sign: FIELD.serverSign,
    role_name: FIELD.roleName,
  },
  signed: true,
  roleLookup: true,
  handle: (input, context): Promise<RoleInfo> => lookUpRole(input, context, 'fillCharacterId'),
});
