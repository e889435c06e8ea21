import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../strings';

/** `t` over the back office's `ops` namespace. */
export function useOpsTranslation() {
  return useTranslation(NAMESPACE);
}
