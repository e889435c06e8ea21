import type { GetServerListPayload } from '@topup/shared/types';
import { regionRuleFor } from './regions';

/**
 * The region a page starts with: for game 18 the page's own area when the picker offers it,
 * otherwise the rule's default (game 232 in area en starts in america). "" without a picker.
 */
export function initialRegion(gameId: number | string, area: string, requested?: string | null): string {
  const rule = regionRuleFor(gameId, area);
  if (!rule) return '';
  const wanted = (requested ?? '').toLowerCase();
  if (wanted && rule.options.some((o) => o.value === wanted)) return wanted;
  if (rule.param === 'area' && rule.options.some((o) => o.value === area.toLowerCase())) return area.toLowerCase();
  return rule.defaultValue;
}

/** The area a character and its server belong to: game 18's region choice replaces the page's area. */
export function characterArea(gameId: number | string, area: string, region: string): string {
  const rule = regionRuleFor(gameId, area);
  return rule?.param === 'area' && region ? region : area;
}

/** The `getServerList` payload of spec §7 for a game, the page's area and the chosen region. */
export function serverListPayload(gameId: number | string, area: string, region: string): GetServerListPayload {
  const rule = regionRuleFor(gameId, area);
  const base = { game_id: String(gameId), area, region: '' };
  if (!rule || !region) return base;
  if (rule.param === 'region') return { ...base, region };
  return { ...base, area: region };
}

/** The label the picker shows for a region value (e.g. "EU" for eu), or the value itself. */
export function regionLabel(gameId: number | string, area: string, region: string): string {
  return regionRuleFor(gameId, area)?.options.find((o) => o.value === region)?.label ?? region;
}
