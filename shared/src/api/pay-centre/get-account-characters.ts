import type { AccountRole, AccountRolesPayload } from '../../types';
import { asList, callPayCentre } from './call-pay-centre';

/** `getPczsRoleList`: every character of a player account (uid), most recently played first. */
export async function getAccountCharacters(payload: AccountRolesPayload, signal?: AbortSignal): Promise<AccountRole[]> {
  return asList(await callPayCentre<readonly AccountRole[] | null>('getPczsRoleList', { ...payload }, signal));
}

/** `getPcszLastLoginRole`: the account's character played last (ret 1006 when it has none). */
export function getLastPlayedCharacter(payload: AccountRolesPayload, signal?: AbortSignal): Promise<AccountRole> {
  return callPayCentre<AccountRole>('getPcszLastLoginRole', { ...payload }, signal);
}
