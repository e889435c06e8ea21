import type { PayGame, PayGameListData } from '../../types';
import { asList, callPayCentre } from './call-pay-centre';

/** `payCenterList`: every game in every area it is sold in; `area` narrows it to one area. */
export async function getPayCentreGames(area = '', signal?: AbortSignal): Promise<PayGame[]> {
  const data = await callPayCentre<PayGameListData | null>('payCenterList', { area }, signal);
  return asList(data?.list);
}
