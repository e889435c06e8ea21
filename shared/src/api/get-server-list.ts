import type { GetServerListPayload, Server } from '@topup/shared/types';
import { callAction } from './family-a-client';

/** `getServerList`: the servers of a game in an area or region. */
export async function getServerList(payload: GetServerListPayload, signal?: AbortSignal): Promise<Server[]> {
  const data = await callAction<readonly Server[] | null>('getServerList', { ...payload }, signal);
  return Array.isArray(data) ? [...data] : [];
}
