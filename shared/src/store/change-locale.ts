import type { Locale } from '@topup/shared/rules';
import { i18n } from './i18n/i18n';
import { localStore } from './local-storage';
import { store } from './store';

/**
 * Applies a locale everywhere: i18next, the shared store and the document. `remember` (the player
 * chose it): kept in this browser as the player's language, which outranks any store's area on the
 * next visits (docs/catalogue.md, "The player's language").
 */
export async function changeLocale(locale: Locale, remember = true): Promise<void> {
  await i18n.changeLanguage(locale);
  store.getState().setLocale(locale);
  document.documentElement.lang = locale;
  if (remember) localStore.set('lang', locale);
}
