import { openServer } from '../../../catalogue/catalogue';
import { resolveGameArea } from '../../../catalogue/resolve-game-area';
import { linkTo, type Character, type LinkedCharacter } from '../../../players';
import type { ActionContext, ActionInput } from '../action';
import { ApiError, missing, serverClosed, unknownServer } from '../api-error';
import { requireGameId } from '../require-game-id';
import { RET } from '../ret-codes';

export interface NamedCharacter extends Character {
  /** The game's area the request is about (its home area when none was sent). */
  readonly area: string;
  /** The server's sign (game 134's lookups need it); "" otherwise. */
  readonly serverSign: string;
}

/**
 * The character a linked-character action names: a game sold in the area, an open server of it and
 * a role id (the spec's checks in the spec's order). Its existence is the game's to say, or the link's.
 */
export function characterOf(input: ActionInput, { catalogue }: ActionContext): NamedCharacter {
  const gameId = requireGameId(input);
  const { gameArea } = resolveGameArea(catalogue, gameId, input.area);
  const serverId = input.server_id ?? '';
  if (serverId === '') throw missing('server_id', 'selectServer');
  const roleId = input.role_id ?? '';
  if (roleId === '') throw missing('role_id', 'enterRoleId');
  const server = openServer(catalogue, gameId, serverId, gameArea.area);
  if (server === 'closed') throw serverClosed();
  if (server === 'unknown') throw unknownServer();
  return { gameId, area: gameArea.area, serverId, roleId, serverSign: server.serverSign };
}

export const linkRequired = () => new ApiError(RET.LINK_REQUIRED, 'linkRequired');

/** This browser's live link to the character the request names; refused (1044) without one. */
export async function requireLink(input: ActionInput, context: ActionContext): Promise<LinkedCharacter> {
  const character = characterOf(input, context);
  const link = await linkTo(context.db, context.links.ids(), character);
  if (!link) throw linkRequired();
  return link;
}
