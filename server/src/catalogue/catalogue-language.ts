import { LOCALES, localeForArea, type Locale } from '@topup/shared/rules';
import type { BannerTexts, BundleTexts, CatalogueBanner, CatalogueBundle, CataloguePayType, GameArea, Translations } from './catalogue';

/**
 * Which language a page's catalogue words are read in. A game-area shows the page's language only
 * where every tab, pay method, bundle and slide of it has its words in that language; otherwise the
 * whole of it falls back to the area's own language, so that one screen never mixes two catalogue
 * languages (a tab in Chinese above a bundle in English).
 */
export function catalogueLanguage(gameArea: Pick<GameArea, 'area' | 'languages'>, locale: Locale): Locale {
  return gameArea.languages.has(locale) ? locale : localeForArea(gameArea.area);
}

const BUNDLE_FIELDS = ['productName', 'productContent', 'firstPayIcon', 'firstPayContent', 'payIcon', 'payContent'] as const;

/** A translation is whole when it has every word its original has. */
function wholeBundleTexts(original: BundleTexts, translated: BundleTexts | undefined): boolean {
  return translated !== undefined && BUNDLE_FIELDS.every((field) => original[field] === '' || translated[field] !== '');
}

/** A slide without words is whole in every language; one with words needs them in this one. */
function wholeBannerTexts(banner: CatalogueBanner, language: Locale): boolean {
  return Object.keys(banner.texts).length === 0 || Boolean(banner.texts[language]?.title);
}

/** The languages a game-area can be shown in whole: its own, and each one all of its words have. */
export function wholeLanguages(parts: {
  readonly area: string;
  readonly tabLabels: ReadonlyMap<string, Translations<string>>;
  readonly payTypes: readonly CataloguePayType[];
  readonly bundles: readonly CatalogueBundle[];
  readonly banners: readonly CatalogueBanner[];
}): Set<Locale> {
  const own = localeForArea(parts.area);
  const languages = new Set<Locale>([own]);
  for (const language of LOCALES) {
    if (language === own) continue;
    const whole =
      [...parts.tabLabels.values()].every((labels) => Boolean(labels[language])) &&
      parts.payTypes.every((pay) => Boolean(pay.names[language])) &&
      parts.bundles.every((bundle) => wholeBundleTexts(bundle, bundle.texts[language])) &&
      parts.banners.every((banner) => wholeBannerTexts(banner, language));
    if (whole) languages.add(language);
  }
  return languages;
}

/** A bundle's card words in `language` (one `catalogueLanguage` chose). */
export function bundleTexts(bundle: CatalogueBundle, language: Locale): BundleTexts {
  return (language !== localeForArea(bundle.area) && bundle.texts[language]) || bundle;
}

export function tabLabel(gameArea: Pick<GameArea, 'area' | 'tabLabels'>, type: string, language: Locale): string {
  if (language === localeForArea(gameArea.area)) return type;
  return gameArea.tabLabels.get(type)?.[language] || type;
}

export function payTypeName(pay: CataloguePayType, area: string, language: Locale): string {
  return (language !== localeForArea(area) && pay.names[language]) || pay.name;
}

/** A slide's words in `language`, else in `fallback`, else none (its picture is shown as it is). */
export function bannerTexts(banner: CatalogueBanner, language: Locale, fallback: Locale): BannerTexts | null {
  return banner.texts[language] ?? banner.texts[fallback] ?? null;
}
