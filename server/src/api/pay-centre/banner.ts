import type { Banner } from '@topup/shared/types';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { banners } from '../family-a/banners';

/** `banner`: a game's slides like `banners`; with an empty game_id, the pay centre's home slides. */
export const banner = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area },
  signed: true,
  sameForEveryone: () => true,
  async handle(input, context): Promise<Banner[]> {
    if ((input.game_id ?? '') !== '') return banners.handle(input, context) as Promise<Banner[]>;
    return context.catalogue.storeBanners.map((slide) => ({ url: slide.url, slideshow_url: slide.slideshowUrl }));
  },
});
