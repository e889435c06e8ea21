/** Games with special behaviour (spec §9). */
export const CHARACTER_NAME_GAMES: readonly number[] = [284];
export const SERVER_SIGN_GAMES: readonly number[] = [134];
export const ROLE_HELP_IMAGE_GAMES: readonly number[] = [14, 136, 182];

/** Game 284 identifies a character by its name instead of its ID. */
export function usesCharacterName(gameId: number | string): boolean {
  return CHARACTER_NAME_GAMES.includes(Number(gameId));
}

/** Game 134 sends the server's `server_sign` with a role lookup. */
export function needsServerSign(gameId: number | string): boolean {
  return SERVER_SIGN_GAMES.includes(Number(gameId));
}

/** Games 14, 136 and 182 show an image explaining where to find the character ID. */
export function hasRoleHelpImage(gameId: number | string): boolean {
  return ROLE_HELP_IMAGE_GAMES.includes(Number(gameId));
}
