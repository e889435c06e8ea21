import { useCallback, useReducer, useState } from 'react';
import { showCallError } from '@topup/shared/ui';
import { roleLookupPayload, usesCharacterName } from '@topup/shared/rules';
import type { GetRoleInfoPayload, RoleInfo, Server } from '@topup/shared/types';
import { showPurchaseCheck } from './purchase-messages';
import type { PurchaseCheck } from './purchase-strings';
import { NOT_SEARCHED, roleConfirmationReducer, type RoleConfirmation } from './role-confirmation';

export interface CharacterLookupOptions {
  readonly gameId: string;
  /** The area the character is looked up in (game 18's region replaces the page's area). */
  readonly roleArea: string;
  readonly server: Server | null;
  /** The storefront's call (`getRoleInfo` or the pay centre's `roleInfo`). */
  readonly lookUpRole: (payload: GetRoleInfoPayload, signal?: AbortSignal) => Promise<RoleInfo>;
  readonly startTyped?: string;
  readonly startConfirmation?: RoleConfirmation;
}

/**
 * Finding and confirming a character, for both storefronts: what the player typed (an ID, or a
 * name for game 284), the search with spec §5's checks (the server first, then the ID), and the
 * confirmation of spec §4 (input → found → confirmed; re-entering starts over). Typing again
 * drops a found, not yet confirmed, character.
 */
export function useCharacterLookup({ gameId, roleArea, server, lookUpRole, startTyped = '', startConfirmation = NOT_SEARCHED }: CharacterLookupOptions) {
  const [typed, setTypedText] = useState(startTyped);
  const [confirmation, dispatch] = useReducer(roleConfirmationReducer, startConfirmation);
  const [searching, setSearching] = useState(false);
  // The check that stopped the last search or confirm, shown beside its field until the player fixes it.
  const [failedCheck, setFailedCheck] = useState<PurchaseCheck | null>(null);
  const check = (failed: PurchaseCheck) => {
    setFailedCheck(failed);
    showPurchaseCheck(failed);
  };

  const lookUp = useCallback(
    (chosen: Server, text: string): Promise<RoleInfo> =>
      lookUpRole(roleLookupPayload({ gameId, area: roleArea, serverId: chosen.server_id, serverSign: chosen.server_sign, typed: text })),
    [gameId, roleArea, lookUpRole],
  );

  const setTyped = useCallback(
    (text: string) => {
      setTypedText(text);
      setFailedCheck(null);
      if (confirmation.step === 'found') dispatch({ type: 'reenter' });
    },
    [confirmation.step],
  );

  const search = useCallback(async () => {
    if (searching) return;
    if (!server) {
      check('validation.selectServer');
      return;
    }
    if (!typed.trim()) {
      check(usesCharacterName(gameId) ? 'validation.enterRoleName' : 'validation.enterRoleId');
      return;
    }
    setFailedCheck(null);
    setSearching(true);
    if (confirmation.step === 'found') dispatch({ type: 'reenter' });
    try {
      dispatch({ type: 'found', role: await lookUp(server, typed) });
    } catch (error) {
      showCallError(error);
    } finally {
      setSearching(false);
    }
  }, [searching, server, typed, gameId, lookUp, confirmation.step]);

  /** Confirms the found character; null (with the check's toast) when no server is chosen. */
  const confirm = useCallback((): RoleInfo | null => {
    if (!server) {
      check('validation.selectServer');
      return null;
    }
    if (confirmation.step !== 'found') return null;
    dispatch({ type: 'confirm' });
    return confirmation.role;
  }, [server, confirmation]);

  const reenter = useCallback(() => dispatch({ type: 'reenter' }), []);
  const restore = useCallback((role: RoleInfo) => dispatch({ type: 'restore', role }), []);

  /** The failed check of a field: the server's is over once one is chosen. */
  const fieldCheck = failedCheck === 'validation.selectServer' && server ? null : failedCheck;
  return { typed, setTyped, searching, search, confirmation, confirm, reenter, restore, lookUp, fieldCheck };
}

export type CharacterLookup = ReturnType<typeof useCharacterLookup>;
