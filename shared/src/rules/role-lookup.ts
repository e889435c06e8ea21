import type { GetRoleInfoPayload } from '@topup/shared/types';
import { needsServerSign, usesCharacterName } from './regions';

export interface RoleLookupInput {
  readonly gameId: number | string;
  /** The area the character's server belongs to. */
  readonly area: string;
  readonly serverId: string;
  /** The chosen server's sign; only game 134 sends it. */
  readonly serverSign?: string;
  /** What the player typed: a character ID, or a character name for game 284. */
  readonly typed: string;
}

/**
 * The `getRoleInfo` payload of spec §7 for one game: game 284 sends the typed text as
 * `role_name` with an empty `role_id`; game 134 adds `server_sign`.
 */
export function roleLookupPayload(input: RoleLookupInput): GetRoleInfoPayload {
  const typed = input.typed.trim();
  const payload: GetRoleInfoPayload = {
    role_id: usesCharacterName(input.gameId) ? '' : typed,
    server_id: input.serverId,
    area: input.area,
    game_id: String(input.gameId),
  };
  if (needsServerSign(input.gameId)) payload.server_sign = input.serverSign ?? '';
  if (usesCharacterName(input.gameId)) payload.role_name = typed;
  return payload;
}
