/** Files that name what is live must never be cached; content-hashed files never change. */
const NO_STORE = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|svg|png|woff2?)$/;

export function cacheControlFor(served: string): string {
  // A precompressed sibling (`main.1a2b3c4d5e.js.br`) is cached like the file it stands for.
  const fileName = served.replace(/\.(?:br|gz)$/, '');
  if (NO_STORE.has(fileName)) return 'no-store';
  if (HASHED.test(fileName)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}
