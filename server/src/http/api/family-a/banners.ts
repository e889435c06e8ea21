import { localeForArea, type Locale } from '@topup/shared/rules';
import type { Banner } from '@topup/shared/types';
import type { Catalogue, CatalogueBanner } from '../../../catalogue/catalogue';
import { bannerTexts } from '../../../catalogue/catalogue-language';
import { bannersShownAt } from '../../../catalogue/banner-schedule';
import { slideAddress } from '../../../catalogue/banner-slides';
import { servedLink } from '../../../catalogue/catalogue-links';
import { resolveGameArea } from '../../../catalogue/resolve-game-area';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { requireGameId } from '../require-game-id';

/** A slide as the page shows it: its words drawn in `language` (else `fallback`) over its picture. */
export function toSlide(catalogue: Catalogue, banner: CatalogueBanner, language: Locale, fallback: Locale, linkHosts: readonly string[]): Banner {
  const texts = bannerTexts(banner, language, fallback);
  const drawnIn = texts === banner.texts[language] ? language : fallback;
  return {
    // Judged again as served: a link that would leave the store for a host not allowed is no link.
    url: servedLink(banner.url, linkHosts),
    slideshow_url: slideAddress(catalogue, banner, texts, drawnIn),
    ...(texts ? { title: [texts.title, texts.subtitle].filter(Boolean).join(': ') } : {}),
  };
}

/** `banners`: the slides of a game's page in an area, each in the page's language where it has words in it, else in the area's. */
export const banners = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area },
  signed: true,
  // Not kept with the catalogue's answers (sameForEveryone): a banner's schedule makes the answer change with the time.
  async handle(input, { catalogue, locale, now, linkHosts }): Promise<Banner[]> {
    const { gameArea } = resolveGameArea(catalogue, requireGameId(input), input.area);
    return bannersShownAt(gameArea.banners, now).map((banner) => toSlide(catalogue, banner, locale, localeForArea(gameArea.area), linkHosts));
  },
});
