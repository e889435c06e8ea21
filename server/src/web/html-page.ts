import { createHash } from 'node:crypto';
import fs from 'node:fs';

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

const read = new Map<string, { mtimeMs: number; file: HtmlFile }>();

/** An HTML file from disk with its hashes, read again only when it changes (a rebuilt host). */
export function readHtmlFile(filePath: string): HtmlFile {
  const { mtimeMs } = fs.statSync(filePath);
  const known = read.get(filePath);
  if (known && known.mtimeMs === mtimeMs) return known.file;
  const html = fs.readFileSync(filePath, 'utf8');
  const file = { html, hashes: inlineHashes(html) };
  read.set(filePath, { mtimeMs, file });
  return file;
}
