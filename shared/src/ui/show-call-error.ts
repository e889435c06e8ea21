import { i18n } from '@topup/shared/store';
import { isApiError } from '@topup/shared/api';
import { isDialogDismissed, showMessageDialog } from './dialog/open-dialog';
import { clearToast, showToast } from './toast/toast';

const openMessages = new Set<string>();

/**
 * Spec §8 for any page: a call answered with `ret` ≠ 0 shows a confirm dialog with the server's
 * msg; a transport failure shows its localized text the same way; a local check shows a toast.
 * The same message is never stacked twice (three calls failing offline make one dialog), and a
 * dialog never shows with a toast: whatever toast was up (a loading one) goes first.
 */
export function showCallError(error: unknown): void {
  if (isDialogDismissed(error)) return;
  if (isApiError(error) && error.kind === 'invalid') {
    showToast(error.message);
    return;
  }
  if (!isApiError(error)) console.error('[store] unexpected failure', error);
  const message = isApiError(error) ? error.message : i18n.t('error.server', { ns: 'common' });
  clearToast();
  if (openMessages.has(message)) return;
  openMessages.add(message);
  void showMessageDialog(message).finally(() => openMessages.delete(message));
}
