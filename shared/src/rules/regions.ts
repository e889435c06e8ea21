/**
 * Region rules of spec §9: which games show a region picker in which area, what it lists,
 * and how the choice travels to `getServerList`.
 *
 * - `area`:   the choice replaces the page's area (game 18 is sold in us, eu and en).
 * - `region`: the choice is sent as `region`, the area stays (games 44 and 134).
 * - `subregion`: the choice is sent in `area` (game 232 in area en); the page's area stays en.
 */
import type { RegionOption, RegionParam } from '@topup/shared/types';

export interface RegionRule {
  readonly gameId: number;
  /** The area the picker appears in; for `area` rules, every area the list offers. */
  readonly areas: readonly string[];
  readonly param: RegionParam;
  readonly options: readonly RegionOption[];
  /** The value chosen when the player has not picked one. */
  readonly defaultValue: string;
}

export const DEFAULT_REGION_OPTIONS: readonly RegionOption[] = [
  { label: 'NA', value: 'us' },
  { label: 'EU', value: 'eu' },
  { label: 'AS', value: 'en' },
];

export const REGION_RULES: readonly RegionRule[] = [
  { gameId: 18, areas: ['us', 'eu', 'en'], param: 'area', options: DEFAULT_REGION_OPTIONS, defaultValue: 'us' },
  {
    gameId: 44,
    areas: ['us'],
    param: 'region',
    options: [
      { label: 'AM', value: 'am' },
      { label: 'EU', value: 'eu' },
    ],
    defaultValue: 'am',
  },
  {
    gameId: 232,
    areas: ['en'],
    param: 'subregion',
    options: [
      { label: 'Asia', value: 'asia' },
      { label: 'America', value: 'america' },
      { label: 'Europe', value: 'europe' },
    ],
    defaultValue: 'america',
  },
  {
    gameId: 134,
    areas: ['multi'],
    param: 'region',
    options: [
      { label: 'NA', value: 'us' },
      { label: 'EU', value: 'eu' },
    ],
    defaultValue: 'us',
  },
];

/** The region rule for a game in an area, or null when that page shows no region picker. */
export function regionRuleFor(gameId: number | string, area: string | null | undefined): RegionRule | null {
  const id = Number(gameId);
  const key = (area ?? '').toLowerCase();
  return REGION_RULES.find((rule) => rule.gameId === id && rule.areas.includes(key)) ?? null;
}

/** For games whose sub-region travels in `area` (232): the page's own area a sub-region belongs to. */
export function areaOfSubregion(gameId: number | string, value: string | null | undefined): string | null {
  const id = Number(gameId);
  const key = (value ?? '').toLowerCase();
  const rule = REGION_RULES.find(
    (candidate) => candidate.gameId === id && candidate.param === 'subregion' && candidate.options.some((o) => o.value === key),
  );
  return rule?.areas[0] ?? null;
}

/**
 * For games whose region is sent apart from the area (44, 134) or in it (232): the page's area a
 * region value belongs to, so that `area=eu` for game 44 reads as area us, region eu. Null otherwise.
 */
export function areaOfRegion(gameId: number | string, value: string | null | undefined): string | null {
  const id = Number(gameId);
  const key = (value ?? '').toLowerCase();
  const rule = REGION_RULES.find(
    (candidate) => candidate.gameId === id && candidate.param !== 'area' && candidate.options.some((o) => o.value === key),
  );
  return rule?.areas[0] ?? null;
}
