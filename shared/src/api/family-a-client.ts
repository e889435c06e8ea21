import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { withSign, type SignablePayload } from '@topup/shared/sign';
import { store } from '@topup/shared/store';
import type { ApiEnvelope } from '@topup/shared/types';
import { apiSettings } from './api-config';
import { serverError, toApiError } from './transport-error';

/** Renders signed values the way they travel: form-encoded strings. */
function formBody(payload: SignablePayload): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) body.set(key, value === undefined || value === null ? '' : String(value));
  return body;
}

function signRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.baseURL = apiSettings.baseURL;
  config.timeout = apiSettings.timeoutMs;
  if (apiSettings.adapter) config.adapter = apiSettings.adapter;
  const payload = (config.data ?? {}) as SignablePayload;
  config.data = formBody(withSign(payload, apiSettings.appKey));
  config.headers.set('Content-Type', 'application/x-www-form-urlencoded');
  // The server writes `msg` in the page's language.
  config.headers.set('Accept-Language', store.getState().locale);
  return config;
}

function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { ret?: unknown }).ret === 'number';
}

/**
 * Family A of spec §7: `POST /api/<action>`, every payload signed, every answer a
 * `{ ret, data, msg }` envelope. `ret` ≠ 0 and transport failures reject with an ApiError.
 */
export const familyAClient: AxiosInstance = axios.create({ method: 'post' });

familyAClient.interceptors.request.use(signRequest);
familyAClient.interceptors.response.use(
  (response) => {
    const body: unknown = response.data;
    if (!isEnvelope(body)) throw serverError(response.status);
    if (body.ret !== 0) throw serverError(body.ret, body.msg);
    return response;
  },
  (error: unknown) => Promise.reject(toApiError(error)),
);

/** Calls one Family A action and gives back its `data`. */
export async function callAction<T>(action: string, payload: SignablePayload, signal?: AbortSignal): Promise<T> {
  const response = await familyAClient.post<ApiEnvelope<T>>(action, payload, { signal });
  return response.data.data;
}
