import { legalLink } from '@topup/shared/rules';

// The three policies, from the same files the footer links (shared/assets/legal); read here by
// address so that the help page's module needs no more shared code than My orders does.
const TERMS = new URL('../../../../shared/assets/legal/terms.html', import.meta.url).href;
const PRIVACY = new URL('../../../../shared/assets/legal/privacy.html', import.meta.url).href;
const REFUND = new URL('../../../../shared/assets/legal/refund.html', import.meta.url).href;

/** The three policies in the page's language, opened the way the footer opens the terms (spec §2). */
export function policyLinks(locale: string) {
  return [
    { key: 'terms', href: legalLink(TERMS, locale) },
    { key: 'privacy', href: legalLink(PRIVACY, locale) },
    { key: 'refund', href: legalLink(REFUND, locale) },
  ] as const;
}
