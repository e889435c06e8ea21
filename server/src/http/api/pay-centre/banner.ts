import type { Banner } from '@topup/shared/types';
import { bannersShownAt } from '../../../catalogue/banner-schedule';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { banners, toSlide } from '../family-a/banners';

/** `banner`: a game's slides like `banners`; with an empty game_id, the pay centre's home slides. */
export const banner = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area },
  signed: true,
  // Not kept with the catalogue's answers (sameForEveryone): a banner's schedule makes the answer change with the time.
  async handle(input, context): Promise<Banner[]> {
    if ((input.game_id ?? '') !== '') return banners.handle(input, context) as Promise<Banner[]>;
    // The home slides are store-wide: the page's language where every slide has it, else English.
    const slides = bannersShownAt(context.catalogue.storeBanners, context.now);
    const language = slides.every((slide) => Object.keys(slide.texts).length === 0 || slide.texts[context.locale]) ? context.locale : 'en';
    return slides.map((slide) => toSlide(context.catalogue, slide, language, 'en', context.linkHosts));
  },
});
