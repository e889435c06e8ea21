/**
 * A game's rules of spec §9 as its catalogue sets them: which areas show a region picker, what it
 * lists and how the choice travels to `getServerList`, and the per-game switches (characters found
 * by name, `server_sign` in lookups, a help image for the character ID).
 *
 * - `area`:   the choice replaces the page's area (as game 18, sold in us, eu and en).
 * - `region`: the choice is sent as `region`, the area stays (as games 44 and 134).
 * - `subregion`: the choice is sent in `area` (as game 232 in area en); the page's area stays en.
 *
 * The server reads them from its catalogue and passes them in; a page gets them with the registry
 * answer (`store.games`), which the host hands to `configureGameRules` before any page renders.
 */
import type { GameRule, GameRules, RegionPicker } from '@topup/shared/contracts';

export type { GameRule, GameRules, RegionPicker } from '@topup/shared/contracts';

let configured: GameRules = {};

/** The pages' rules, from the registry answer (the catalogue's games with a rule of spec §9). */
export function configureGameRules(rules: GameRules | undefined): void {
  configured = rules ?? {};
}

function ruleOf(gameId: number | string, rules: GameRules): GameRule | undefined {
  return rules[String(Number(gameId))];
}

/** The region picker of a game in an area, or null when that page shows none. */
export function regionRuleFor(gameId: number | string, area: string | null | undefined, rules: GameRules = configured): RegionPicker | null {
  return ruleOf(gameId, rules)?.regions?.[(area ?? '').toLowerCase()] ?? null;
}

/**
 * For games whose region is sent apart from the area (as 44, 134) or in it (as 232): the page's area
 * a region value belongs to, so that `area=eu` for game 44 reads as area us, region eu. Null otherwise.
 */
export function areaOfRegion(gameId: number | string, value: string | null | undefined, rules: GameRules = configured): string | null {
  const key = (value ?? '').toLowerCase();
  const regions = Object.entries(ruleOf(gameId, rules)?.regions ?? {});
  return regions.find(([, picker]) => picker.param !== 'area' && picker.options.some((o) => o.value === key))?.[0] ?? null;
}

/** The game identifies a character by its name instead of its ID (as game 284). */
export function usesCharacterName(gameId: number | string, rules: GameRules = configured): boolean {
  return Boolean(ruleOf(gameId, rules)?.byName);
}

/** Role lookups carry the server's `server_sign` (as game 134). */
export function needsServerSign(gameId: number | string, rules: GameRules = configured): boolean {
  return Boolean(ruleOf(gameId, rules)?.serverSign);
}

/** The picture showing where the character ID is found in the game (as games 14, 136, 182), or "". */
export function roleHelpImageOf(gameId: number | string, rules: GameRules = configured): string {
  return ruleOf(gameId, rules)?.helpImage ?? '';
}
