import { missing } from './api-error';
import type { ActionInput } from './action';

/** The `game_id` a request names; refused when absent or empty. */
export function requireGameId(input: ActionInput): number {
  const value = input.game_id ?? '';
  if (value === '') throw missing('game_id');
  return Number(value);
}
