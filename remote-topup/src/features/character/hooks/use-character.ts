import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  characterArea,
  getRoleInfo,
  getServerList,
  initialRegion,
  regionRuleFor,
  roleLookupPayload,
  serverListPayload,
  showConfirmDialog,
  showToast,
  usesCharacterName,
  type RoleInfo,
  type Server,
} from '@topup/shared';
import { showCallError } from '../../../lib/show-call-error';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { forgetCharacter, rememberCharacter, type CachedCharacter } from '../../entry/character-cache';
import type { EntryQuery } from '../../entry/entry-query';
import { NOT_SEARCHED, roleConfirmationReducer, type RoleConfirmation } from '../role-confirmation';

function startingConfirmation(entry: EntryQuery, cached: CachedCharacter | null): RoleConfirmation {
  return entry.finishPay && cached?.role ? { step: 'confirmed', role: cached.role } : NOT_SEARCHED;
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

/** The "Select Character" section: region, server, what the player typed, and role confirmation. */
export function useCharacter(entry: EntryQuery, cached: CachedCharacter | null) {
  const { t } = useTopUpTranslation();
  const { gameId, area } = entry;
  const rule = useMemo(() => regionRuleFor(gameId, area), [gameId, area]);
  const [region, setRegion] = useState(() => initialRegion(gameId, area, entry.region || cached?.region));
  const [servers, setServers] = useState<Server[] | null>(null);
  const [server, setServer] = useState<Server | null>(() => (entry.serverId ? null : startingServer(cached)));
  const [typed, setTyped] = useState(() => startingTyped(entry, cached));
  const [confirmation, dispatch] = useReducer(roleConfirmationReducer, undefined, () => startingConfirmation(entry, cached));
  const [searching, setSearching] = useState(false);
  const wantedServerId = useRef(entry.serverId || cached?.role?.server_id || '');
  const roleArea = characterArea(gameId, area, region);

  // Spec §4: the server list loads on entry and again whenever the region changes.
  useEffect(() => {
    if (!gameId) return undefined;
    const controller = new AbortController();
    setServers(null);
    getServerList(serverListPayload(gameId, area, region), controller.signal).then(
      (list) => {
        setServers(list);
        const wanted = wantedServerId.current;
        wantedServerId.current = '';
        setServer((current) => list.find((s) => s.server_id === (wanted || current?.server_id)) ?? null);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setServers([]);
        showCallError(error);
      },
    );
    return () => controller.abort();
  }, [gameId, area, region]);

  const selectRegion = useCallback(
    (value: string) => {
      if (value === region) return;
      // Spec §4: a new region clears the chosen server and reloads the list.
      setRegion(value);
      setServer(null);
      wantedServerId.current = '';
    },
    [region],
  );

  const lookUp = useCallback(
    (chosen: Server, text: string): Promise<RoleInfo> =>
      getRoleInfo(
        roleLookupPayload({ gameId, area: roleArea, serverId: chosen.server_id, serverSign: chosen.server_sign, typed: text }),
      ),
    [gameId, roleArea],
  );

  /** Spec §5: the server first, then the character ID (or name, game 284). */
  const validate = useCallback((): Server | null => {
    if (!server) {
      showToast(t('validation.selectServer'));
      return null;
    }
    if (!typed.trim()) {
      showToast(t(usesCharacterName(gameId) ? 'validation.enterRoleName' : 'validation.enterRoleId'));
      return null;
    }
    return server;
  }, [server, typed, gameId, t]);

  const search = useCallback(async () => {
    if (searching) return;
    const chosen = validate();
    if (!chosen) return;
    setSearching(true);
    try {
      dispatch({ type: 'found', role: await lookUp(chosen, typed) });
    } catch (error) {
      showCallError(error);
    } finally {
      setSearching(false);
    }
  }, [searching, validate, lookUp, typed]);

  const confirm = useCallback(() => {
    if (!server) {
      showToast(t('validation.selectServer'));
      return;
    }
    if (confirmation.step !== 'found') return;
    dispatch({ type: 'confirm' });
    rememberCharacter(confirmation.role, roleArea, region);
  }, [server, confirmation, roleArea, region, t]);

  const reenter = useCallback(async () => {
    try {
      await showConfirmDialog(t('character.reenter'));
    } catch {
      return;
    }
    dispatch({ type: 'reenter' });
    forgetCharacter();
  }, [t]);

  /** Buying looks the confirmed character up again (spec §4). */
  const lookUpAgain = useCallback(
    (role: RoleInfo): Promise<RoleInfo> => {
      const chosen = server && server.server_id === role.server_id ? server : { server_id: role.server_id, server_name: role.server_name, server_sign: '' };
      return lookUp(chosen, usesCharacterName(gameId) ? role.role_name : role.role_id);
    },
    [server, lookUp, gameId],
  );

  // Back from a payment with a character in the link but none remembered: look it up, confirmed.
  const restoring = useRef(entry.finishPay && confirmation.step === 'input');
  useEffect(() => {
    if (!restoring.current || !server || !typed.trim()) return;
    restoring.current = false;
    lookUp(server, typed).then((role) => dispatch({ type: 'restore', role }), showCallError);
  }, [server, typed, lookUp]);

  return {
    rule,
    region,
    servers,
    server,
    typed,
    confirmation,
    searching,
    selectRegion,
    selectServer: setServer,
    setTyped,
    search,
    confirm,
    reenter,
    lookUpAgain,
  };
}

export type CharacterModel = ReturnType<typeof useCharacter>;
