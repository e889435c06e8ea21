import { i18n } from '@topup/shared/store';
import { showToast } from '@topup/shared/ui';
import { PURCHASE_NAMESPACE, type PurchaseCheck } from './purchase-strings';

/** Spec §8: a local check shows a toast with its text, in the page's language. */
export function showPurchaseCheck(check: PurchaseCheck): void {
  showToast(i18n.t(check, { ns: PURCHASE_NAMESPACE }));
}
