import type { Bundle, RoleInfo } from '@topup/shared/types';

export interface SubmitQueryInput {
  readonly bundle: Bundle;
  /** From getTab: 1 when the submit page offers a choice of pay methods. */
  readonly pmxShow: number;
  /** The product tab the bundle was chosen in. */
  readonly type: string;
  readonly role: RoleInfo;
  /** The chosen server's sign (game 134), or "". */
  readonly serverSign: string;
}

/**
 * Spec §2: the query `/submit` receives — the chosen bundle's fields, `pmx_show`, `type`,
 * `roleInfo` as JSON and `server_sign`.
 */
export function submitQuery(input: SubmitQueryInput): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.bundle)) {
    if (value === null || value === undefined || typeof value === 'object') continue;
    query[key] = String(value);
  }
  query.pmx_show = String(input.pmxShow);
  query.type = input.type;
  query.roleInfo = JSON.stringify({
    server_name: input.role.server_name,
    role_id: input.role.role_id,
    role_name: input.role.role_name,
    uid: input.role.uid,
    server_id: input.role.server_id,
  });
  query.server_sign = input.serverSign;
  return query;
}
