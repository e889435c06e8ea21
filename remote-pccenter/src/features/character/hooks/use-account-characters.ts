import { useCallback, useState } from 'react';
import { getAccountCharacters, getLastPlayedCharacter, showCallError, showToast, type AccountRole } from '@topup/shared';
import { usePcTranslation } from '../../../lib/use-pc-translation';

export const characterKey = (role: Pick<AccountRole, 'server_id' | 'role_id'>) => `${role.server_id}:${role.role_id}`;

/**
 * Finding a character through the player's account: every character of the uid in this area
 * (`getPczsRoleList`), the one played last (`getPcszLastLoginRole`) chosen to begin with.
 */
export function useAccountCharacters(gameId: string, roleArea: string) {
  const { t } = usePcTranslation();
  const [uid, setUidState] = useState('');
  const [characters, setCharacters] = useState<AccountRole[] | null>(null);
  const [lastPlayed, setLastPlayed] = useState('');
  const [chosen, setChosen] = useState('');
  const [searching, setSearching] = useState(false);

  const setUid = useCallback((value: string) => {
    setUidState(value);
    setCharacters(null);
    setChosen('');
  }, []);

  const find = useCallback(async () => {
    if (searching) return;
    const account = uid.trim();
    if (!account) {
      showToast(t('validation.enterAccountId'));
      return;
    }
    setSearching(true);
    try {
      const payload = { game_id: gameId, area: roleArea, uid: account };
      const [list, last] = await Promise.all([
        getAccountCharacters(payload),
        // An account without characters answers "no character": the empty list says it already.
        getLastPlayedCharacter(payload).catch(() => null),
      ]);
      const lastKey = last ? characterKey(last) : '';
      setCharacters(list);
      setLastPlayed(lastKey);
      setChosen(list.some((role) => characterKey(role) === lastKey) ? lastKey : list[0] ? characterKey(list[0]) : '');
    } catch (error) {
      setCharacters(null);
      showCallError(error);
    } finally {
      setSearching(false);
    }
  }, [searching, uid, gameId, roleArea, t]);

  const chosenCharacter = characters?.find((role) => characterKey(role) === chosen) ?? null;
  return { uid, setUid, characters, lastPlayed, chosen, setChosen, chosenCharacter, searching, find };
}
