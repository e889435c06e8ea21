import type { PayGame } from '@topup/shared/types';
import { localeForArea, type Locale } from '@topup/shared/rules';
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
 * One entry per game, in the request's language, in the area its Charge leads to (docs/catalogue.md,
 * "The player's language"): the preferred area when the game is sold there and it speaks the
 * player's language; else the game's first area in the player's language (Korean → kr); else the
 * preferred area; else the game's home area.
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
    const preferred = preferredArea && game.areas.includes(preferredArea) ? preferredArea : null;
    const area =
      (preferred && localeForArea(preferred) === locale ? preferred : null) ??
      game.areas.find((one) => localeForArea(one) === locale) ??
      preferred ??
      game.areas[0];
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
