import type { TFunction } from 'i18next';

const KNOWN_AREAS = new Set(['us', 'eu', 'en', 'multi', 'kr', 'as']);

/** The name of an area a player reads ("North America" for us); an unknown area in capitals. */
export function areaLabel(t: TFunction, area: string): string {
  const key = area.toLowerCase();
  return KNOWN_AREAS.has(key) ? t(`area.${key}`) : key.toUpperCase();
}
