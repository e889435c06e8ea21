import { cacheBelongsTo, cachedAreaMatches } from '../src/rules/role-cache';

describe('cache match (spec §4)', () => {
  it('reuses the cache when the query area is the stored one', () => {
    expect(cachedAreaMatches('us', 'us')).toBe(true);
    expect(cachedAreaMatches('kr', 'KR')).toBe(true);
  });

  it('lets us match a stored eu, but not the other way round', () => {
    expect(cachedAreaMatches('us', 'eu')).toBe(true);
    expect(cachedAreaMatches('eu', 'us')).toBe(false);
  });

  it('clears the cache for any other area or when nothing was stored', () => {
    expect(cachedAreaMatches('us', 'kr')).toBe(false);
    expect(cachedAreaMatches('en', 'eu')).toBe(false);
    expect(cachedAreaMatches('us', null)).toBe(false);
    expect(cachedAreaMatches(null, 'us')).toBe(false);
  });

  it('belongs to the page only for the same game', () => {
    expect(cacheBelongsTo({ gameId: '18', area: 'us' }, { gameId: '18', area: 'eu' })).toBe(true);
    expect(cacheBelongsTo({ gameId: '44', area: 'us' }, { gameId: '18', area: 'us' })).toBe(false);
    expect(cacheBelongsTo({ gameId: null, area: 'us' }, { gameId: null, area: 'us' })).toBe(false);
  });
});
