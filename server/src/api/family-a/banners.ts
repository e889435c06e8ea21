import type { Banner } from '@topup/shared/types';
import { resolveGameArea } from '../../catalogue/resolve-game-area';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { requireGameId } from '../require-game-id';

/** `banners`: the slides of a game's page in an area. */
export const banners = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area },
  signed: true,
  sameForEveryone: () => true,
  async handle(input, { catalogue }): Promise<Banner[]> {
    const { gameArea } = resolveGameArea(catalogue, requireGameId(input), input.area);
    return gameArea.banners.map((banner) => ({ url: banner.url, slideshow_url: banner.slideshowUrl }));
  },
});
