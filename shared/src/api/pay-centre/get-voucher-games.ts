import type { PayGame, PayGameListData } from '../../types';
import { asList, callPayCentre } from './call-pay-centre';

/** `getPcszGameList`: the Voucher Center's games, one per game, in `area` where they are sold there. */
export async function getVoucherGames(area = '', signal?: AbortSignal): Promise<PayGame[]> {
  const data = await callPayCentre<PayGameListData | null>('getPcszGameList', { area }, signal);
  return asList(data?.list);
}
