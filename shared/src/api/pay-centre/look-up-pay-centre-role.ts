import type { GetRoleInfoPayload, RoleInfo } from '../../types';
import { callPayCentre } from './call-pay-centre';

/**
 * `roleInfo`: looks a character up on a server, as `getRoleInfo`. An empty role id is answered by
 * the server with the pay centre's own message, 'Please enter the role ID'.
 */
export function lookUpPayCentreRole(payload: GetRoleInfoPayload, signal?: AbortSignal): Promise<RoleInfo> {
  return callPayCentre<RoleInfo>('roleInfo', { ...payload }, signal);
}
