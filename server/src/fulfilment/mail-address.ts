import { isEmailAddress } from '@topup/shared/formats';

/**
 * The mailbox an address reaches, as the per-recipient limits count it: lower case and without a
 * "+tag" (most providers deliver victim+1@ and Victim@ to victim@), so that spelling one address
 * many ways does not make many recipients. "" for anything that is not one plain address.
 */
export function recipientKey(address: string): string {
  const text = address.trim();
  if (!isEmailAddress(text)) return '';
  const at = text.indexOf('@');
  const local = text.slice(0, at).split('+')[0] || text.slice(0, at);
  return `${local}@${text.slice(at + 1)}`.toLowerCase();
}
