import { resolveLocale, type Locale } from '@topup/shared/rules';
import { localStore } from '@topup/shared/store';

/**
 * The query of a hash route (`#/path?a=b`) and the page query (`?a=b#/path`) in one: the hash
 * route's first, so `get` and `has` find its value before the page query's.
 */
export function pageQuery(location: Pick<Location, 'search' | 'hash'> = window.location): URLSearchParams {
  return new URLSearchParams(`${location.hash.split('?')[1] ?? ''}&${location.search.slice(1)}`);
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
