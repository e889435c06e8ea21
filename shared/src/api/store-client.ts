import type { ApiEnvelope } from '@topup/shared/types';
import { apiSettings } from './api-config';
import { httpRequest, type HttpRequest } from './http-client';
import { serverError, toApiError } from './transport-error';

/**
 * One call of the store's API (Family A and B of spec §7) through the one HTTP client: under
 * `apiSettings.baseURL`, with its timeout and transport, answered with a `{ ret, data, msg }` envelope.
 * `ret` ≠ 0, an answer that is no envelope and every transport failure reject with an ApiError.
 */
export async function callStore<T>(path: string, request: HttpRequest): Promise<ApiEnvelope<T>> {
  const { status, body } = await httpRequest(`${apiSettings.baseURL.replace(/\/$/, '')}/${path.replace(/^\/+/, '')}`, {
    ...request,
    // The Accept the store's pages have always sent.
    headers: { accept: 'application/json, text/plain, */*', ...request.headers },
    timeoutMs: apiSettings.timeoutMs,
    fetch: apiSettings.fetch,
  }).catch((error: unknown) => {
    throw toApiError(error);
  });
  const envelope = body as Partial<ApiEnvelope<T>> | null;
  if (typeof envelope?.ret !== 'number') throw serverError(status);
  if (envelope.ret !== 0) throw serverError(envelope.ret, envelope.msg);
  return envelope as ApiEnvelope<T>;
}
