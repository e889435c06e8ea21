import type { AccountRole } from '@topup/shared/types';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { accountRoles } from './account-roles';

/** `getPczsRoleList` (the spec's spelling): every character of an account, most recently played first. */
export const getPczsRoleList = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area, uid: FIELD.uid },
  signed: true,
  roleLookup: true,
  handle: (input, context): Promise<AccountRole[]> => accountRoles(input, context),
});
