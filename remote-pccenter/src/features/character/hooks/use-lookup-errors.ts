import { PURCHASE_NAMESPACE, type CharacterLookup } from '@topup/shared/purchase';
import { useTranslation } from 'react-i18next';

/**
 * Spec §5's checks of the last search or confirm (the server first, then the ID), in words, for
 * the field each is about; the core's toast says them too.
 */
export function useLookupErrors(lookup: CharacterLookup): { readonly server: string; readonly character: string } {
  const { t } = useTranslation(PURCHASE_NAMESPACE);
  const failed = lookup.fieldCheck;
  if (!failed) return { server: '', character: '' };
  return failed === 'validation.selectServer' ? { server: t(failed), character: '' } : { server: '', character: t(failed) };
}
