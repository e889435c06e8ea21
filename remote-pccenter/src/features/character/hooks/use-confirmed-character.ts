import { isApiError } from '@topup/shared/api';
import { pcpay } from '@topup/shared/pay-centre-api';
import { useQuery } from '@topup/shared/query';
import { roleLookupPayload, usesCharacterName } from '@topup/shared/rules';
import type { RoleInfo } from '@topup/shared/types';
import type { CharacterChoice } from '../../../lib/pc-query';

export type CharacterCheck =
  | { readonly status: 'checking' }
  | { readonly status: 'confirmed'; readonly role: RoleInfo }
  /** The game does not know the character (the store's message): choose it again. */
  | { readonly status: 'refused'; readonly message: string }
  /** The store could not be asked: Retry. */
  | { readonly status: 'failed'; readonly retry: () => void };

/**
 * The character the address names, asked of the store again (`pcpay.roleInfo`): the address is only
 * a bookmark, so the name shown and the character paid for are the game's, and Pay waits for them.
 */
export function useConfirmedCharacter(choice: CharacterChoice): CharacterCheck {
  const { role } = choice;
  const lookup = useQuery(
    `${choice.gameId}|${choice.area}|${role.server_id}|${role.role_id}|${role.role_name}`,
    (signal) =>
      pcpay.roleInfo(
        roleLookupPayload({
          gameId: choice.gameId,
          area: choice.area,
          serverId: role.server_id,
          serverSign: choice.serverSign,
          typed: usesCharacterName(choice.gameId) ? role.role_name : role.role_id,
        }),
        signal,
      ),
    { onError: 'page' },
  );
  if (lookup.data) return { status: 'confirmed', role: lookup.data };
  if (isApiError(lookup.error) && lookup.error.kind === 'server') return { status: 'refused', message: lookup.error.message };
  if (lookup.error) return { status: 'failed', retry: lookup.retry };
  return { status: 'checking' };
}
