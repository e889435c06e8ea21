import { readLinkedCharacter } from '@topup/shared/checkout';
import { localStore, type QueryValues } from '@topup/shared/store';
import type { RoleInfo } from '@topup/shared/types';

/** Where the player is in the pay centre: the game, its area, and where they came from. */
export interface GameChoice {
  readonly gameId: string;
  readonly area: string;
  readonly from: string;
  /** `voucher` when the game was picked among the Voucher Center's games. */
  readonly list: string;
}

/** The character the items go to, with the chosen server's sign (game 134). */
export interface CharacterChoice extends GameChoice {
  readonly role: RoleInfo;
  readonly serverSign: string;
}

const get = (params: URLSearchParams, key: string) => (params.get(key) ?? '').trim();

/**
 * The area a player of this language most likely buys in, when the address and the last visit
 * say nothing: us for English, kr for Korean; none for Chinese (each game's home area).
 */
export function homeAreaOf(locale: string): string {
  if (locale === 'en') return 'us';
  if (locale === 'ko') return 'kr';
  return '';
}

/** The game of the address; without an area, the one remembered from the last visit. */
export function readGameChoice(params: URLSearchParams): GameChoice {
  return {
    gameId: get(params, 'game_id'),
    area: (get(params, 'area') || localStore.get('area') || '').toLowerCase(),
    from: get(params, 'from') || localStore.get('from') || '',
    list: get(params, 'list'),
  };
}

/**
 * The character of the address (as /pcrole passes it to /pcSubmit: flat parameters; a phone link's
 * `roleInfo` is read too), or null without one.
 */
export function readCharacterChoice(params: URLSearchParams): CharacterChoice | null {
  const game = readGameChoice(params);
  const linked = readLinkedCharacter(params);
  if (!game.gameId || !linked) return null;
  return { ...game, ...linked };
}

export function gameQuery(game: GameChoice): QueryValues {
  return { game_id: game.gameId, area: game.area, from: game.from, list: game.list };
}

export function characterQuery(choice: CharacterChoice): QueryValues {
  const { role } = choice;
  return {
    ...gameQuery(choice),
    server_id: role.server_id,
    server_name: role.server_name,
    server_sign: choice.serverSign,
    role_id: role.role_id,
    role_name: role.role_name,
    uid: role.uid,
  };
}
