export const LOCALES = ['en', 'ko', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const ENGLISH_AREAS = new Set(['us', 'en', 'multi', 'as', 'eu']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Spec §9: us, en, multi, as, eu give English; kr gives Korean; anything else Chinese; none English. */
export function localeForArea(area: string | null | undefined): Locale {
  if (!area) return DEFAULT_LOCALE;
  const key = area.toLowerCase();
  if (ENGLISH_AREAS.has(key)) return 'en';
  if (key === 'kr') return 'ko';
  return 'zh';
}

export interface LocaleSources {
  /** `lang` from the address query, if any. */
  readonly queryLang?: string | null;
  /** `area` from the address query, if any. */
  readonly queryArea?: string | null;
  /** The language the player chose before (local storage `lang`). */
  readonly storedLang?: string | null;
  /** The area stored from an earlier visit (local storage `area`). */
  readonly storedArea?: string | null;
}

/**
 * Picks the page locale (docs/catalogue.md, "The player's language"): an explicit language in the
 * query wins (a link that names one), then the language the player chose in this browser, then the
 * query's area, then the stored area, then English. The player's choice outranks the area, so a
 * reload or a link to another store keeps it until the player changes it.
 */
export function resolveLocale(sources: LocaleSources): Locale {
  if (isLocale(sources.queryLang)) return sources.queryLang;
  if (isLocale(sources.storedLang)) return sources.storedLang;
  return localeForArea(sources.queryArea || sources.storedArea);
}
