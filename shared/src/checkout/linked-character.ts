import type { RoleInfo } from '@topup/shared/types';

/** The character a link to an order page names, with the chosen server's sign (game 134). */
export interface LinkedCharacter {
  readonly role: RoleInfo;
  readonly serverSign: string;
}

const ROLE_FIELDS = ['server_name', 'role_id', 'role_name', 'uid', 'server_id'] as const;

function roleFromJson(text: string): Partial<Record<keyof RoleInfo, unknown>> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Partial<Record<keyof RoleInfo, unknown>>) : null;
  } catch {
    return null;
  }
}

/**
 * The character of an order page's link, in either of the two forms links carry it: `roleInfo` as
 * JSON (the phone's /submit, spec §2) or flat `server_id`, `role_id`… parameters (the pay centre's
 * /pcSubmit). Each storefront keeps writing its own form, and both pages read both, so every link
 * ever shared stays readable. Null without a server and a character ID.
 */
export function readLinkedCharacter(params: URLSearchParams): LinkedCharacter | null {
  const json = params.get('roleInfo');
  const source = json ? roleFromJson(json) : Object.fromEntries(ROLE_FIELDS.map((key) => [key, params.get(key)]));
  if (!source) return null;
  const field = (key: keyof RoleInfo) => {
    const value = source[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  };
  const role: RoleInfo = { server_name: field('server_name'), role_id: field('role_id'), role_name: field('role_name'), uid: field('uid'), server_id: field('server_id') };
  if (!role.role_id || !role.server_id) return null;
  return { role, serverSign: (params.get('server_sign') ?? '').trim() };
}
