import type { GetServerListPayload, Server } from '../../types';
import { asList, callPayCentre } from './call-pay-centre';

/**
 * The servers of a game in an area or region: `serverList` for the pay centre's games,
 * `getPcszServerList` for the Voucher Center's games. Both answer as `getServerList`.
 */
export async function getPayCentreServers(
  payload: GetServerListPayload,
  list: 'serverList' | 'getPcszServerList' = 'serverList',
  signal?: AbortSignal,
): Promise<Server[]> {
  return asList(await callPayCentre<readonly Server[] | null>(list, { ...payload }, signal));
}
