import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@topup/shared/rules';
import { COMMON_STRINGS } from './common-strings';

export type Strings = Record<Locale, Record<string, string>>;

/** The page's one i18next instance; the host initialises it, remotes add namespaces to it. */
export const i18n: I18n = i18next.createInstance();
i18n.use(initReactI18next);

let ready: Promise<unknown> | null = null;
/** Namespaces added before init (a remote's modules may load first when it runs alone). */
const pending: Array<[string, Strings]> = [];

function addNow(namespace: string, strings: Strings): void {
  for (const locale of LOCALES) {
    i18n.addResourceBundle(locale, namespace, strings[locale], true, true);
  }
}

/** Initialises the shared instance once (the host calls this before its first render). */
export function initI18n(locale: Locale = DEFAULT_LOCALE): Promise<unknown> {
  if (!ready) {
    ready = i18n.init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: ['common'],
      defaultNS: 'common',
      resources: Object.fromEntries(LOCALES.map((l) => [l, { common: COMMON_STRINGS[l] }])),
      interpolation: { escapeValue: false },
      initAsync: false,
      react: { useSuspense: false },
    });
    for (const [namespace, strings] of pending.splice(0)) addNow(namespace, strings);
  }
  return ready;
}

/** Adds a part's own namespace (e.g. `topup`) to the shared instance; safe to call twice. */
export function addStrings(namespace: string, strings: Strings): void {
  if (i18n.isInitialized) addNow(namespace, strings);
  else pending.push([namespace, strings]);
}
