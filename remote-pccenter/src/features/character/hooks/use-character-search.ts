import { useCallback, useState } from 'react';
import { lookUpPayCentreRole, roleLookupPayload, showCallError, showToast, usesCharacterName, type RoleInfo, type Server } from '@topup/shared';
import { usePcTranslation } from '../../../lib/use-pc-translation';

/**
 * Finding a character by its ID (or, for game 284, its name) on the chosen server with `roleInfo`.
 * Spec §5: the server first ('Please select a server'), then the ID ('Please enter the role ID').
 */
export function useCharacterSearch(gameId: string, roleArea: string, server: Server | null) {
  const { t } = usePcTranslation();
  const [typed, setTypedState] = useState('');
  const [found, setFound] = useState<RoleInfo | null>(null);
  const [searching, setSearching] = useState(false);

  const setTyped = useCallback((value: string) => {
    setTypedState(value);
    setFound(null);
  }, []);

  const search = useCallback(async () => {
    if (searching) return;
    if (!server) {
      showToast(t('validation.selectServer'));
      return;
    }
    if (!typed.trim()) {
      showToast(t(usesCharacterName(gameId) ? 'validation.enterRoleName' : 'validation.enterRoleId'));
      return;
    }
    setSearching(true);
    setFound(null);
    try {
      const payload = roleLookupPayload({ gameId, area: roleArea, serverId: server.server_id, serverSign: server.server_sign, typed });
      setFound(await lookUpPayCentreRole(payload));
    } catch (error) {
      showCallError(error);
    } finally {
      setSearching(false);
    }
  }, [searching, server, typed, gameId, roleArea, t]);

  return { typed, setTyped, found, searching, search, clear: () => setFound(null) };
}
