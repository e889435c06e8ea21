/** Why a store call failed, in words the page can show. */
export type ApiErrorKind = 'server' | 'network' | 'timeout' | 'aborted' | 'invalid';

/**
 * A failed store call. `message` is already localized: the server's `msg` for a `ret` ≠ 0
 * answer, or one of the common transport strings.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** The envelope's `ret` when the server answered; undefined for transport failures. */
    readonly ret?: number,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
