import type { AccountRole } from '@topup/shared/types';
import { defineAction } from '../action';
import { roleNotFound } from '../api-error';
import { FIELD } from '../fields';
import { accountRoles } from './account-roles';

/** `getPcszLastLoginRole`: the account's character played most recently (preselected on /pcrole). */
export const getPcszLastLoginRole = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area, uid: FIELD.uid },
  signed: true,
  roleLookup: true,
  async handle(input, context): Promise<AccountRole> {
    const [latest] = await accountRoles(input, context);
    if (!latest) throw roleNotFound();
    return latest;
  },
});
