/** Files that name what is live must never be cached; content-hashed files never change. */
const NO_STORE = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|svg|png|woff2?)$/;

export function cacheControlFor(fileName: string): string {
  if (NO_STORE.has(fileName)) return 'no-store';
  if (HASHED.test(fileName)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}
