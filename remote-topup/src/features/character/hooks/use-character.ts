import { useCallback, useEffect, useMemo, useRef } from 'react';
import { getRoleInfo, getServerList } from '@topup/shared/api';
import { NOT_SEARCHED, useCharacterLookup, useServerChoice, type RoleConfirmation } from '@topup/shared/purchase';
import { loadRecentCharacters } from '@topup/shared/purchase-ui';
import { usesCharacterName } from '@topup/shared/rules';
import type { RoleInfo, Server } from '@topup/shared/types';
import { showCallError, showConfirmDialog } from '@topup/shared/ui';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { confirmedThisSession, forgetCharacter, rememberCharacter, type CachedCharacter } from '../../entry/character-cache';
import type { EntryQuery } from '../../entry/entry-query';

function startingConfirmation(entry: EntryQuery, cached: CachedCharacter | null): RoleConfirmation {
  // Back from the payment, or Back/reload in the tab where it was confirmed: still confirmed.
  const role = cached?.role;
  const sameCharacter = role && (!entry.roleId || entry.roleId === role.role_id);
  return role && sameCharacter && (entry.finishPay || confirmedThisSession(role)) ? { step: 'confirmed', role } : NOT_SEARCHED;
}

function startingTyped(entry: EntryQuery, cached: CachedCharacter | null): string {
  if (entry.roleId) return entry.roleId;
  if (usesCharacterName(entry.gameId)) return cached?.role?.role_name ?? '';
  return cached?.roleId || cached?.role?.role_id || '';
}

function startingServer(cached: CachedCharacter | null): Server | null {
  const role = cached?.role;
  return role ? { server_id: role.server_id, server_name: role.server_name || cached.serverName, server_sign: '' } : null;
}

/**
 * The phone page's "Select Character" section on the purchase core (region, server, lookup and
 * confirmation), plus what is the phone's own: the remembered character, asking before
 * re-entering, and looking the character up again when a bundle is bought (spec §4).
 */
export function useCharacter(entry: EntryQuery, cached: CachedCharacter | null) {
  const { t } = useTopUpTranslation();
  const { gameId, area } = entry;
  const start = useMemo(
    () => ({ typed: startingTyped(entry, cached), confirmation: startingConfirmation(entry, cached), server: startingServer(cached) }),
    // The page starts once per link (the page is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const servers = useServerChoice({
    gameId,
    area,
    load: getServerList,
    startRegion: entry.region || cached?.region,
    wantedServerId: entry.serverId || cached?.role?.server_id || '',
    startServer: entry.serverId ? null : start.server,
  });
  const lookup = useCharacterLookup({
    gameId,
    roleArea: servers.roleArea,
    server: servers.server,
    lookUpRole: getRoleInfo,
    startTyped: start.typed,
    startConfirmation: start.confirmation,
  });
  const { server, region, roleArea } = servers;
  const { confirmation, lookUp, restore } = lookup;

  const confirm = useCallback(() => {
    const role = lookup.confirm();
    if (!role) return;
    rememberCharacter(role, roleArea, region);
    // Remembered, and reported to the funnel (type 4), by the recent characters' module, loaded now.
    void loadRecentCharacters().then((recent) => recent.characterConfirmed(gameId, role, roleArea, region, entry.from));
  }, [lookup, roleArea, region, gameId, entry.from]);

  const reenter = useCallback(async () => {
    try {
      await showConfirmDialog(t('character.reenter'));
    } catch {
      return;
    }
    lookup.reenter();
    forgetCharacter();
  }, [t, lookup]);

  /** Buying looks the confirmed character up again (spec §4). */
  const lookUpAgain = useCallback(
    (role: RoleInfo): Promise<RoleInfo> => {
      const chosen = server && server.server_id === role.server_id ? server : { server_id: role.server_id, server_name: role.server_name, server_sign: '' };
      return lookUp(chosen, usesCharacterName(gameId) ? role.role_name : role.role_id);
    },
    [server, lookUp, gameId],
  );

  // A confirmed character whose server the list no longer has (closed: the server choice found none) is
  // looked up again at once; the store's refusal ends the confirmation and its prices, in the store's words.
  const unlisted = confirmation.step === 'confirmed' && servers.servers && !server ? confirmation.role : null;
  useEffect(() => {
    if (unlisted)
      lookUpAgain(unlisted).catch((error: unknown) => {
        lookup.reenter();
        forgetCharacter();
        showCallError(error);
      });
    // Once per character found unlisted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unlisted]);

  // Back from a payment with a character in the link but none remembered: look it up, confirmed.
  const restoring = useRef(entry.finishPay && confirmation.step === 'input');
  useEffect(() => {
    if (!restoring.current || !server || !lookup.typed.trim()) return;
    restoring.current = false;
    lookUp(server, lookup.typed).then(restore, showCallError);
  }, [server, lookup.typed, lookUp, restore]);

  return {
    rule: servers.rule,
    region,
    roleArea,
    servers: servers.servers,
    server,
    typed: lookup.typed,
    confirmation,
    searching: lookup.searching,
    fieldCheck: lookup.fieldCheck,
    selectRegion: servers.selectRegion,
    selectServer: servers.selectServer,
    setTyped: lookup.setTyped,
    search: lookup.search,
    confirm,
    reenter,
    lookUpAgain,
  };
}

export type CharacterModel = ReturnType<typeof useCharacter>;
