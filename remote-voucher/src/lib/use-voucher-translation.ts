import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../strings';

/** `t` over this remote's `voucher` namespace. */
export function useVoucherTranslation() {
  return useTranslation(NAMESPACE);
}
