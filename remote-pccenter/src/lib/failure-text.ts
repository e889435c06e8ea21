import { isApiError } from '@topup/shared/api';
import { i18n } from '@topup/shared/store';

/** What a failed read says on the page: the store's own words, or the common "busy" text. */
export function failureText(error: unknown): string {
  return isApiError(error) ? error.message : i18n.t('error.server', { ns: 'common' });
}
