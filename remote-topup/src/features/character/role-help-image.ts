import { type GameInfo } from '@topup/shared/types';
import { hasRoleHelpImage } from '@topup/shared/rules';

/** The character-ID help image of games 14, 136 and 182 (the game's own, else ours), or "". */
export function roleHelpImage(gameId: string, game: GameInfo | undefined): string {
  return hasRoleHelpImage(gameId) ? game?.role_help_image || `/assets/help/${gameId}-role-id.svg` : '';
}
