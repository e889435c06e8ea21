import { isLocale, localeForArea, type Locale } from '@topup/shared/rules';

/** Area codes a page may send in ACCEPT-LANGUAGE (Family B sends the stored area there). */
const AREA_CODES = new Set(['us', 'eu', 'en', 'multi', 'as', 'kr']);

/**
 * The language of an ACCEPT-LANGUAGE header: an area code (`kr`, `us`) maps by the spec's area rule;
 * a language tag (`ko-KR`, `zh-CN;q=0.8`) maps by its language. Unsupported languages are skipped.
 */
export function localeFromHeader(header: string | undefined): Locale | null {
  if (!header) return null;
  const entries = header
    .slice(0, 256)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of entries) {
    if (AREA_CODES.has(tag)) return localeForArea(tag);
    const language = tag.split('-')[0];
    if (isLocale(language)) return language;
  }
  return null;
}

/** The area code a page put in ACCEPT-LANGUAGE (`kr`, `us`...), or null when it holds a language. */
export function areaFromHeader(header: string | undefined): string | null {
  const first = (header ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return AREA_CODES.has(first) ? first : null;
}
