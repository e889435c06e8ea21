import { withSign, type SignablePayload } from '@topup/shared/sign';
import { store } from '@topup/shared/store';
import { apiSettings } from './api-config';
import { callStore } from './store-client';

/**
 * Family A of spec §7: `POST /api/<action>`, every payload signed (spec §7's MD5 with the app key) and
 * sent form-encoded, every answer a `{ ret, data, msg }` envelope; gives back its `data`. `ret` ≠ 0 and
 * transport failures reject with an ApiError.
 */
export async function callAction<T>(action: string, payload: SignablePayload, signal?: AbortSignal): Promise<T> {
  const envelope = await callStore<T>(action, {
    method: 'POST',
    form: withSign(payload, apiSettings.appKey),
    // The server writes `msg` in the page's language.
    headers: { 'accept-language': store.getState().locale },
    signal,
  });
  return envelope.data;
}
