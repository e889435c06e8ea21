import axios, { type AxiosInstance } from 'axios';
import { localStore, store } from '@topup/shared/store';
import type { ApiEnvelope } from '@topup/shared/types';
import { apiSettings } from './api-config';
import { serverError, toApiError } from './transport-error';

/** The named addresses Family B calls by (spec §7). */
export const FAMILY_B_URLS = {
  getPayGameList: '/getPayGameList',
  custUrl: '/custUrl',
} as const;

export type FamilyBAlias = keyof typeof FAMILY_B_URLS;
export type FamilyBParams = Readonly<Record<string, string | number>>;

const client: AxiosInstance = axios.create();

client.interceptors.request.use((config) => {
  config.baseURL = apiSettings.baseURL;
  config.timeout = apiSettings.timeoutMs;
  if (apiSettings.adapter) config.adapter = apiSettings.adapter;
  // Spec §7: every Family B request carries the stored area as its language; the language the player
  // reads follows it (`kr,zh`), so names come in that language (docs/api.md).
  config.headers.set('Accept-Language', [localStore.get('area'), store.getState().locale].join());
  return config;
});
client.interceptors.response.use(
  (response) => {
    const body = response.data as Partial<ApiEnvelope<unknown>> | undefined;
    if (typeof body?.ret !== 'number') throw serverError(response.status);
    if (body.ret !== 0) throw serverError(body.ret, body.msg);
    return response;
  },
  (error: unknown) => Promise.reject(toApiError(error)),
);

/**
 * The Family B wrapper: a url alias, get or post, params and an optional sub-path.
 * Post sends the params form-encoded; get sends them as a query string.
 */
export async function requestFamilyB<T>(
  alias: FamilyBAlias,
  type: 'get' | 'post',
  params: FamilyBParams = {},
  subPath = '',
): Promise<ApiEnvelope<T>> {
  const url = `${FAMILY_B_URLS[alias]}${subPath ? `/${subPath.replace(/^\/+/, '')}` : ''}`;
  const values = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response =
    type === 'get'
      ? await client.get<ApiEnvelope<T>>(url, { params: values })
      : await client.post<ApiEnvelope<T>>(url, new URLSearchParams(values), {
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        });
  return response.data;
}
