import { resolveLocale, type Locale } from '@topup/shared/rules';
import { localStore } from '@topup/shared/store';

/** The query of a hash route (`#/path?a=b`) merged over the page query (`?a=b#/path`). */
export function pageQuery(location: Pick<Location, 'search' | 'hash'> = window.location): URLSearchParams {
  const params = new URLSearchParams(location.search);
  const hashQuery = location.hash.split('?')[1];
  if (hashQuery) new URLSearchParams(hashQuery).forEach((value, key) => params.set(key, value));
  return params;
}

/** Spec §9: the locale from the query's lang, the player's choice kept in this browser, the area, or English. */
export function initialLocale(): Locale {
  const query = pageQuery();
  return resolveLocale({
    queryLang: query.get('lang'),
    queryArea: query.get('area'),
    storedLang: localStore.get('lang'),
    storedArea: localStore.get('area'),
  });
}
