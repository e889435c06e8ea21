import type { Locale } from '@topup/shared/rules';

/** Where the player pays, in the page's language: the payment page opens in the language the player reads. */
export function payUrlIn(url: string, locale: Locale): string {
  if (!url) return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${locale}`;
}
