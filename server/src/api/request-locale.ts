import { areaOfRegion, localeForArea, type Locale } from '@topup/shared/rules';
import { localeFromHeader } from '../web/accept-language';

/**
 * The language of an answer: the body's `area` decides first (the page's language follows it,
 * spec §9; a region sent as the area counts as its area, e.g. game 232's asia as en), then
 * ACCEPT-LANGUAGE, then English.
 */
export function requestLocale(body: unknown, header: string | undefined): Locale {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const area = typeof fields.area === 'string' ? fields.area.trim().toLowerCase() : '';
  if (/^[a-z_-]{1,16}$/.test(area)) {
    const gameId = typeof fields.game_id === 'string' || typeof fields.game_id === 'number' ? fields.game_id : '';
    return localeForArea(areaOfRegion(gameId, area) ?? area);
  }
  return localeFromHeader(header) ?? 'en';
}
