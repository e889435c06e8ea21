import { isAxiosError } from 'axios';
import { i18n } from '@topup/shared/store';
import { ApiError } from './api-error';

interface EnvelopeLike {
  readonly ret?: unknown;
  readonly msg?: unknown;
}

function text(key: string): string {
  return i18n.t(key, { ns: 'common' });
}

/** A `ret` ≠ 0 answer: the server's own words, or the common "busy" text when it gave none. */
export function serverError(ret: number, msg?: unknown): ApiError {
  return new ApiError('server', typeof msg === 'string' && msg ? msg : text('error.server'), ret);
}

/** Turns whatever a call threw into an ApiError with a message the player can read. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (!isAxiosError(error)) return new ApiError('network', text('error.network'));
  if (error.code === 'ERR_CANCELED') return new ApiError('aborted', text('error.aborted'));
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    // Axios reports an abort by the browser as ECONNABORTED without a timeout message.
    const timedOut = error.code === 'ETIMEDOUT' || /timeout/i.test(error.message);
    return timedOut ? new ApiError('timeout', text('error.timeout')) : new ApiError('aborted', text('error.aborted'));
  }
  const body = error.response?.data as EnvelopeLike | undefined;
  if (error.response) {
    return serverError(typeof body?.ret === 'number' ? body.ret : error.response.status, body?.msg);
  }
  return new ApiError('network', text('error.network'));
}
