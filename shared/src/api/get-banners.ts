import type { Banner, BannersPayload } from '@topup/shared/types';
import { callAction } from './family-a-client';

/** `banners`: the slides of a game's carousel in an area (possibly none). */
export async function getBanners(payload: BannersPayload, signal?: AbortSignal): Promise<Banner[]> {
  const data = await callAction<readonly Banner[] | null>('banners', { ...payload }, signal);
  return Array.isArray(data) ? [...data] : [];
}
