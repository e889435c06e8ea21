import { type GameInfo } from '@topup/shared/types';
import { roleHelpImageOf } from '@topup/shared/rules';

/** The picture of where the character ID is found in the game (as games 14, 136, 182), or "". */
export function roleHelpImage(gameId: string, game: GameInfo | undefined): string {
  return game ? game.role_help_image : roleHelpImageOf(gameId);
}
