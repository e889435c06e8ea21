import { createHash } from 'node:crypto';

/** An HTML answer's inline code, as the Content-Security-Policy allows it: by hash, never 'unsafe-inline'. */
export interface InlineHashes {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/gi;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The CSP source of every inline `<script>` and `<style>` of a page. */
export function inlineHashes(html: string): InlineHashes {
  const hashesOf = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => sha256(match[1] ?? '')))];
  return { scripts: hashesOf(INLINE_SCRIPT), styles: hashesOf(INLINE_STYLE) };
}

export interface HtmlFile {
  readonly html: string;
  readonly hashes: InlineHashes;
}

/** Pages whose hashes were worked out, by their entity tag: a shell release has one page or two. */
const known = new Map<string, HtmlFile>();
const KNOWN_PAGES = 32;

/**
 * A page with the hashes of its inline code, from its text. With `key` (the page's entity tag:
 * it changes when the text does) the hashes are worked out once.
 */
export function htmlPage(html: string, key?: string): HtmlFile {
  const kept = key === undefined ? undefined : known.get(key);
  if (kept) return kept;
  const page = { html, hashes: inlineHashes(html) };
  if (key !== undefined) {
    if (known.size >= KNOWN_PAGES) known.delete(known.keys().next().value as string);
    known.set(key, page);
  }
  return page;
}
