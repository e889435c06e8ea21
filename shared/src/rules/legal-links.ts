import type { Locale } from './locale';

export type LegalDocument = 'terms' | 'privacy';

/** The store's app id on the terms and privacy pages. */
export const LEGAL_APP_ID = 'topup-store';

/** The Chinese pages take the language as a number instead of a code. */
export const CHINESE_LANGUAGE_NUMBER = 1;

/**
 * Spec §2 footer links: English and Korean pages carry a language code (en, kr) and the app id;
 * Chinese, the default, carries a language number. `pageUrl` is where the document lives.
 */
export function legalLink(pageUrl: string, locale: Locale | string): string {
  const url = new URL(pageUrl, 'http://placeholder.invalid');
  switch (locale) {
    case 'en':
      url.searchParams.set('lang', 'en');
      url.searchParams.set('app_id', LEGAL_APP_ID);
      break;
    case 'ko':
    case 'kr':
      url.searchParams.set('lang', 'kr');
      url.searchParams.set('app_id', LEGAL_APP_ID);
      break;
    default:
      url.searchParams.set('lang_num', String(CHINESE_LANGUAGE_NUMBER));
  }
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(pageUrl);
  return absolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
}
