import { localStore, store } from '@topup/shared/store';
import type { ApiEnvelope } from '@topup/shared/types';
import { callStore } from './store-client';

/** The named addresses Family B calls by (spec §7). */
export const FAMILY_B_URLS = {
  getPayGameList: '/getPayGameList',
  custUrl: '/custUrl',
} as const;

export type FamilyBAlias = keyof typeof FAMILY_B_URLS;
export type FamilyBParams = Readonly<Record<string, string | number>>;

/**
 * The Family B wrapper: a url alias, get or post, params and an optional sub-path.
 * Post sends the params form-encoded; get sends them as a query string.
 */
export function requestFamilyB<T>(alias: FamilyBAlias, type: 'get' | 'post', params: FamilyBParams = {}, subPath = ''): Promise<ApiEnvelope<T>> {
  const url = `${FAMILY_B_URLS[alias]}${subPath ? `/${subPath.replace(/^\/+/, '')}` : ''}`;
  const values = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return callStore<T>(url, {
    ...(type === 'get' ? { query: values } : { method: 'POST', form: values }),
    // Spec §7: every Family B request carries the stored area as its language; the language the player
    // reads follows it (`kr,zh`), so names come in that language (docs/api.md).
    headers: { 'accept-language': [localStore.get('area'), store.getState().locale].join() },
  });
}
