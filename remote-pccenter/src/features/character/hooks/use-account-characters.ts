import { useCallback, useState } from 'react';
import { pcpay } from '@topup/shared/pay-centre-api';
import { showPurchaseCheck } from '@topup/shared/purchase';
import type { AccountRole } from '@topup/shared/types';
import { showCallError } from '@topup/shared/ui';

export const characterKey = (role: Pick<AccountRole, 'server_id' | 'role_id'>) => `${role.server_id}:${role.role_id}`;

/**
 * Finding a character through the player's account, on the button: every character of the uid in
 * this area (`getPczsRoleList`), the one played last (`getPcszLastLoginRole`) chosen to begin with.
 */
export function useAccountCharacters(gameId: string, roleArea: string) {
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
      showPurchaseCheck('validation.enterAccountId');
      return;
    }
    setSearching(true);
    try {
      const payload = { game_id: gameId, area: roleArea, uid: account };
      const [list, last] = await Promise.all([
        pcpay.getPczsRoleList(payload),
        // An account without characters answers "no character": the empty list says it already.
        pcpay.getPcszLastLoginRole(payload).catch(() => null),
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
  }, [searching, uid, gameId, roleArea]);

  const chosenCharacter = characters?.find((role) => characterKey(role) === chosen) ?? null;
  return { uid, setUid, characters, lastPlayed, chosen, setChosen, chosenCharacter, searching, find };
}

export type AccountCharacters = ReturnType<typeof useAccountCharacters>;
