import { isApiError } from '@topup/shared/api';

/** What a failed read says on the page: the store's words, or the fallback for an unexpected failure. */
export function errorText(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}
