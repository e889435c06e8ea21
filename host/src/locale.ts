import { resolveLocale, type Locale } from '@topup/shared/rules';
import { i18n, localStore, store } from '@topup/shared/store';

/** The query of a hash route (`#/path?a=b`) merged over the page query (`?a=b#/path`). */
export function pageQuery(location: Pick<Location, 'search' | 'hash'> = window.location): URLSearchParams {
  const params = new URLSearchParams(location.search);
  const hashQuery = location.hash.split('?')[1];
  if (hashQuery) new URLSearchParams(hashQuery).forEach((value, key) => params.set(key, value));
  return params;
}

/** Spec §9: the locale from the query (lang, then area), local storage, or English. */
export function initialLocale(): Locale {
  const query = pageQuery();
  return resolveLocale({
    queryLang: query.get('lang'),
    queryArea: query.get('area'),
    storedLang: localStore.get('lang'),
    storedArea: localStore.get('area'),
  });
}

/** Applies a locale everywhere: i18next, the shared store, the document and the player's choice. */
export async function changeLocale(locale: Locale, remember = true): Promise<void> {
  await i18n.changeLanguage(locale);
  store.getState().setLocale(locale);
  document.documentElement.lang = locale;
  if (remember) localStore.set('lang', locale);
}
