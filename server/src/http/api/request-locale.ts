import { areaOfRegion, localeForArea, type GameRules, type Locale } from '@topup/shared/rules';
import { areaFromHeader, localeFromHeader } from '../web/accept-language';

/**
 * The language of an answer: the page's own language first, when ACCEPT-LANGUAGE holds one (the
 * store's pages send the language the player reads, so a Chinese page on an English area gets its
 * messages and names in Chinese: one language per screen); else the body's `area` (spec §9; a region
 * sent as the area counts as its area, e.g. game 232's asia as en); else an area code in
 * ACCEPT-LANGUAGE (Family B sends the stored area there, followed by the page's language when it knows
 * one: `kr,zh`; then that language wins); else English. `rules`: the catalogue's, which
 * say what a region belongs to; without them a region counts as an area of its own.
 */
export function requestLocale(body: unknown, header: string | undefined, rules: GameRules = {}): Locale {
  // `en` is both an area and a language: either way it asks for English.
  const headerArea = areaFromHeader(header);
  if (header && (headerArea === null || headerArea === 'en')) {
    const pageLanguage = localeFromHeader(header);
    if (pageLanguage) return pageLanguage;
  }
  // Family B: the stored area first (spec §7), then the language the player reads.
  const afterArea = headerArea ? localeFromHeader(header?.split(',').slice(1).join(',')) : null;
  if (afterArea) return afterArea;
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const area = typeof fields.area === 'string' ? fields.area.trim().toLowerCase() : '';
  if (/^[a-z_-]{1,16}$/.test(area)) {
    const gameId = typeof fields.game_id === 'string' || typeof fields.game_id === 'number' ? fields.game_id : '';
    return localeForArea(areaOfRegion(gameId, area, rules) ?? area);
  }
  return localeFromHeader(header) ?? 'en';
}
