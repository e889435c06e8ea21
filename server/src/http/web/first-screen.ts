import { LOCALES, localeForArea, type Locale } from '@topup/shared/rules';
import type { RegionPicker } from '@topup/shared/contracts';
import type { Catalogue } from '../../catalogue/catalogue';
import { bannersShownAt } from '../../catalogue/banner-schedule';
import { findGameArea } from '../../catalogue/catalogue';
import { onSale } from '../../catalogue/sale-window';
import { toSlide } from '../api/family-a/banners';

/**
 * What the shell's HTML needs to paint a game's top-up page before any JavaScript
 * (host/src/early/first-screen.inline.js): the catalogue's facts of its first screen, per game and
 * area sold, in each language. A game or an area missing here gets the neutral skeleton.
 */
export interface FirstScreenArea {
  /** The first slide shown now, drawn in each language as the `banners` answer gives it; null: no banner. */
  readonly banner: Readonly<Record<Locale, string>> | null;
  /** The region picker's label the page starts with ("NA"), or "" when the area has no picker. */
  readonly region: string;
}

export interface FirstScreenGame {
  readonly name: Readonly<Record<Locale, string>>;
  readonly icon: string;
  /** The character is found by name, not by ID. */
  readonly byName: boolean;
  /** The card's title has the ID help picture's button beside it (the page loads it on its own). */
  readonly help: boolean;
  readonly areas: Readonly<Record<string, FirstScreenArea>>;
}

export interface FirstScreenData {
  readonly games: Readonly<Record<string, FirstScreenGame>>;
}

/** The region the page starts with when the link names none (as initialRegion in @topup/shared/rules). */
function startingRegionLabel(picker: RegionPicker | null, area: string): string {
  if (!picker) return '';
  const value = picker.param === 'area' && picker.options.some((o) => o.value === area) ? area : picker.defaultValue;
  return picker.options.find((o) => o.value === value)?.label ?? value;
}

/** Every game's first screen in the catalogue as it is at `now` (banners have schedules). */
export function firstScreenData(catalogue: Catalogue, now: number, linkHosts: readonly string[]): FirstScreenData {
  const games: Record<string, FirstScreenGame> = {};
  for (const game of catalogue.games.values()) {
    const areas: Record<string, FirstScreenArea> = {};
    for (const gameArea of catalogue.gameAreas.values()) {
      if (gameArea.gameId !== game.gameId) continue;
      const first = bannersShownAt(gameArea.banners, now)[0];
      const banner = first
        ? (Object.fromEntries(LOCALES.map((lang) => [lang, toSlide(catalogue, first, lang, localeForArea(gameArea.area), linkHosts).slideshow_url])) as Record<Locale, string>)
        : null;
      areas[gameArea.area] = { banner, region: startingRegionLabel(gameArea.regionPicker, gameArea.area) };
    }
    if (!Object.keys(areas).length) continue;
    games[String(game.gameId)] = { name: game.names, icon: game.iconUrl, byName: game.roleLookup === 'name', help: game.roleHelpImage !== '', areas };
  }
  return { games };
}

/**
 * The picture of the bundle a product page (`#/prod?game_id=…&area=…&product_id=…`) shows, so that the
 * HTML's first script can ask for it before the page's code: the catalogue's address of the picture of
 * a bundle on sale now in that game and area, exactly the `product_file_url` the page will draw; null
 * for anything else (a game, area or bundle not sold, malformed values).
 */
export function bundlePicture(catalogue: Catalogue, query: Readonly<Record<string, unknown>>, now: number): string | null {
  const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string).trim() : '');
  const gameId = text('game_id');
  const productId = text('product_id');
  if (!/^\d{1,9}$/.test(gameId) || !productId || productId.length > 128) return null;
  const gameArea = findGameArea(catalogue, Number(gameId), text('area').toLowerCase().slice(0, 32));
  for (const bundles of gameArea?.bundlesByTab.values() ?? []) {
    const bundle = bundles.find((b) => b.productId === productId);
    if (bundle) return onSale(bundle, now) && bundle.productFileUrl ? bundle.productFileUrl : null;
  }
  return null;
}

/** Where the shell's HTML takes the description (host/src/index.html): as built, it holds none. */
export const FIRST_SCREEN_SLOT = '<script type="application/json" id="first-screen-data">null</script>';

/** The shell's page with the description in its slot; the page as it is when it has no slot. */
export function withFirstScreen(html: string, data: FirstScreenData): string {
  // Catalogue words are the publisher's: `<` never closes the data's element early.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return html.replace(FIRST_SCREEN_SLOT, () => FIRST_SCREEN_SLOT.replace('>null<', `>${json}<`));
}
