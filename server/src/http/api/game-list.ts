import type { PayGame } from '@topup/shared/types';
import type { Locale } from '@topup/shared/rules';
import type { Catalogue, CatalogueGame } from '../../catalogue/catalogue';

function item(game: CatalogueGame, area: string, locale: Locale): PayGame {
  return {
    game_id: game.gameId,
    area,
    game_icon: game.iconUrl,
    game_name: game.names[locale],
    game_desc: game.descriptions[locale],
  };
}

/**
 * One entry per game: in the preferred area when the game is sold there, otherwise in its home
 * area. Names and descriptions in the request's language.
 */
export function gameList(
  catalogue: Catalogue,
  locale: Locale,
  preferredArea: string | null,
  include: (game: CatalogueGame) => boolean = () => true,
): PayGame[] {
  const list: PayGame[] = [];
  for (const game of catalogue.games.values()) {
    if (!include(game)) continue;
    const area = preferredArea && game.areas.includes(preferredArea) ? preferredArea : game.areas[0];
    if (area) list.push(item(game, area, locale));
  }
  return list;
}

/** Every game in every area it is sold in (the pay centre's list). */
export function gameAreaList(catalogue: Catalogue, locale: Locale, onlyArea: string): PayGame[] {
  const list: PayGame[] = [];
  for (const game of catalogue.games.values()) {
    for (const area of game.areas) if (!onlyArea || area === onlyArea) list.push(item(game, area, locale));
  }
  return list;
}
