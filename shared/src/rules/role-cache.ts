/**
 * Spec §4 "Cache": the character, server and area remembered from an earlier visit are reused
 * only when the address's area matches the stored one. A stored `eu` also matches `us`: game 18
 * is opened with area us and the player may have picked the EU region, which is then stored.
 */
const ALSO_MATCHES: Readonly<Record<string, readonly string[]>> = {
  us: ['eu'],
};

export function cachedAreaMatches(queryArea: string | null | undefined, storedArea: string | null | undefined): boolean {
  const query = (queryArea ?? '').toLowerCase();
  const stored = (storedArea ?? '').toLowerCase();
  if (!query || !stored) return false;
  return query === stored || (ALSO_MATCHES[query]?.includes(stored) ?? false);
}

export interface CachedVisit {
  readonly gameId: string | null;
  readonly area: string | null;
}

/** The remembered character belongs to this page: same game, and an area that matches. */
export function cacheBelongsTo(query: CachedVisit, stored: CachedVisit): boolean {
  if (!query.gameId || query.gameId !== stored.gameId) return false;
  return cachedAreaMatches(query.area, stored.area);
}
