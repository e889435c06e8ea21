/** A NUL byte, or half of a UTF-16 surrogate pair without its other half. */
// eslint-disable-next-line no-control-regex -- the NUL byte is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text PostgreSQL can store and compare: no NUL byte, no lone surrogate. */
export function isCleanText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The first key or string value in a parsed body, query or params that is not clean text (depth-limited), or null. */
export function findUncleanText(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : value;
  if (typeof value !== 'object' || value === null || depth > 8) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isCleanText(key)) return key;
    const found = findUncleanText(item, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
