import { useState } from 'react';
import { characterArea } from '@topup/shared/rules';
import { takeCachedCharacter } from '../../entry/character-cache';
import type { EntryQuery } from '../../entry/entry-query';
import { useRememberRecentGame } from '../../game-chooser/remember-recent-game';
import { confirmedRole } from '../role-confirmation';
import { useCharacter } from './use-character';

/**
 * The character of a page of one game (`/` and `/prod`): the section's state, started from the
 * character remembered for this link; the area the page sells in (game 18's region picker switches
 * it: its own servers, bundles and banners); the confirmed role, if any. A confirmed character puts
 * its game first in /game's recent games.
 */
export function useGameCharacter(entry: EntryQuery) {
  const [cached] = useState(() => takeCachedCharacter(entry));
  const character = useCharacter(entry, cached);
  const area = characterArea(entry.gameId, entry.area, character.region);
  const role = confirmedRole(character.confirmation);
  useRememberRecentGame(entry.gameId, area, role !== null);
  return { character, area, role };
}
