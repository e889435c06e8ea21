import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../strings';

/** `t` over this remote's `topup` namespace. */
export function useTopUpTranslation() {
  return useTranslation(NAMESPACE);
}
