import { i18n } from '@topup/shared/store';
import { ApiError } from './api-error';
import { HttpError } from './http-client';

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

/**
 * Turns whatever a call threw into an ApiError with a message the player can read: the HTTP client's
 * timeout, abort and network failures in their localized words; an HTTP error status or an answer
 * that is not JSON as a server error (the envelope's `ret` and `msg` when it sent one, else the status).
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (!(error instanceof HttpError)) return new ApiError('network', text('error.network'));
  const { failure, status } = error;
  if (failure === 'status' || failure === 'format') {
    const body = error.body as EnvelopeLike | null;
    return serverError(typeof body?.ret === 'number' ? body.ret : status, body?.msg);
  }
  return new ApiError(failure, text(`error.${failure}`));
}
