import { isApiError } from '@topup/shared/api';
import { useQuery } from '@topup/shared/query';
import { roleLookupPayload, usesCharacterName } from '@topup/shared/rules';
import type { GetRoleInfoPayload, RoleInfo } from '@topup/shared/types';

export type CharacterCheck =
  | { readonly status: 'checking' }
  /** The game's character; `changed` when the link named it otherwise (its name or ID). */
  | { readonly status: 'confirmed'; readonly role: RoleInfo; readonly changed: boolean }
  /** The game does not know the character (the store's message). */
  | { readonly status: 'refused'; readonly message: string }
  /** The store could not be asked (network, busy): Retry. */
  | { readonly status: 'failed'; readonly retry: () => void };

interface Linked {
  readonly gameId: string;
  readonly area: string;
  readonly role: RoleInfo;
  readonly serverSign: string;
}

/**
 * The character an order page's link names, asked of the store again with the storefront's own call
 * (`getRoleInfo` or `pcpay.roleInfo`): a link is only a bookmark, so the name shown and the character
 * paid for are the game's, and Pay waits for them.
 */
export function useCharacterCheck(linked: Linked, lookUp: (payload: GetRoleInfoPayload, signal: AbortSignal) => Promise<RoleInfo>): CharacterCheck {
  const { gameId, area, role, serverSign } = linked;
  const lookup = useQuery(
    `${gameId}|${area}|${role.server_id}|${role.role_id}|${role.role_name}`,
    (signal) => lookUp(roleLookupPayload({ gameId, area, serverId: role.server_id, serverSign, typed: usesCharacterName(gameId) ? role.role_name : role.role_id }), signal),
    { onError: 'page' },
  );
  if (lookup.data) return { status: 'confirmed', role: lookup.data, changed: lookup.data.role_name !== role.role_name || lookup.data.role_id !== role.role_id };
  if (isApiError(lookup.error) && lookup.error.kind === 'server') return { status: 'refused', message: lookup.error.message };
  if (lookup.error) return { status: 'failed', retry: lookup.retry };
  return { status: 'checking' };
}
