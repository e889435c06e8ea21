import { i18n } from '@topup/shared/store';
import type { GetRoleInfoPayload, RoleInfo } from '@topup/shared/types';
import { ApiError } from './api-error';
import { callAction } from './family-a-client';

/**
 * `getRoleInfo`: looks a character up on a server. A lookup without a role id (and, for game
 * 284, without a name) is refused locally with spec §5's message.
 */
export function getRoleInfo(payload: GetRoleInfoPayload, signal?: AbortSignal): Promise<RoleInfo> {
  if (!payload.role_id && !payload.role_name) {
    return Promise.reject(new ApiError('invalid', i18n.t('validation.characterIdMissing', { ns: 'common' })));
  }
  return callAction<RoleInfo>('getRoleInfo', { ...payload }, signal);
}
