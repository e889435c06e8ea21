import type { Banner, BannersPayload } from '../../types';
import { asList, callPayCentre } from './call-pay-centre';

/** `banner`: a game's slides, or with an empty game_id the pay centre's home slides. */
export async function getPayCentreBanners(payload: BannersPayload, signal?: AbortSignal): Promise<Banner[]> {
  return asList(await callPayCentre<readonly Banner[] | null>('banner', { ...payload }, signal));
}
