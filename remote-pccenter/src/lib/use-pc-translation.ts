import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../strings';

/** `t` over this remote's `pccenter` namespace. */
export function usePcTranslation() {
  return useTranslation(NAMESPACE);
}
