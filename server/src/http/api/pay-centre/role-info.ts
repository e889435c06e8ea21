import type { RoleInfo } from '@topup/shared/types';
import { defineAction } from '../action';
import { getRoleInfo } from '../family-a/get-role-info';
import { lookUpRole } from '../look-up-role';

/** `roleInfo`: `getRoleInfo` for the pay centre, whose empty-ID message is 'Please enter the role ID'. */
export const roleInfo = defineAction({
  ...getRoleInfo,
  handle: (input, context): Promise<RoleInfo> => lookUpRole(input, context, 'enterRoleId'),
});
