import { localeForArea, type Locale } from '@topup/shared/rules';
import type { MailItem } from '../game/game-gateway';
import type { BannerTexts, BundleTexts, CatalogueBanner, CatalogueBundle, CatalogueItem, CataloguePayType, GameArea } from './catalogue';

/**
 * The catalogue's words in the page's language, one text at a time (docs/catalogue.md, "The player's
 * language"): each name, tab, pay method, card line and slide is shown in the page's language where
 * the publisher translated it, and in the area's own language where not. A text is never mixed:
 * it is wholly one language or wholly the other.
 */

const BUNDLE_FIELDS = ['productName', 'productContent', 'firstPayIcon', 'firstPayContent', 'payIcon', 'payContent'] as const;

/** A bundle's card words in `language`: each line its translation, or the area's own where there is none. */
export function bundleTexts(bundle: CatalogueBundle, language: Locale): BundleTexts {
  const translated = language !== localeForArea(bundle.area) ? bundle.texts[language] : undefined;
  if (!translated) return bundle;
  const words = {} as Record<(typeof BUNDLE_FIELDS)[number], string>;
  for (const field of BUNDLE_FIELDS) words[field] = translated[field] || bundle[field];
  return words;
}

export function tabLabel(gameArea: Pick<GameArea, 'area' | 'tabLabels'>, type: string, language: Locale): string {
  if (language === localeForArea(gameArea.area)) return type;
  return gameArea.tabLabels.get(type)?.[language] || type;
}

export function payTypeName(pay: CataloguePayType, area: string, language: Locale): string {
  return (language !== localeForArea(area) && pay.names[language]) || pay.name;
}

/** A slide's words in `language`, else in `fallback` (the area's), else none (its picture is shown as it is). */
export function bannerTexts(banner: CatalogueBanner, language: Locale, fallback: Locale): BannerTexts | null {
  return banner.texts[language]?.title ? banner.texts[language] : (banner.texts[fallback] ?? null);
}

/** Items as an order in `language` mails them: each by its name in that language, else the area's. */
export function itemsIn(items: readonly CatalogueItem[], area: string, language: Locale): MailItem[] {
  const own = localeForArea(area);
  return items.map((item) => ({ name: (language !== own && item.names?.[language]) || item.name, quantity: item.quantity }));
}
