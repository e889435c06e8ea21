import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor } from './cache-headers';
import { htmlPage } from './html-page';
import { acceptsEncoding } from './send-build-file';

/** Compressed copies of the pages sent lately, by entity tag: the page changes with the catalogue, not with each request. */
const compressed = new Map<string, Buffer>();
const KEPT = 16;

function compressedCopy(key: string, make: () => Buffer): Buffer {
  let copy = compressed.get(key);
  if (!copy) {
    copy = make();
    if (compressed.size >= KEPT) compressed.delete(compressed.keys().next().value as string);
    compressed.set(key, copy);
  }
  return copy;
}

/**
 * Sends the shell's `index.html` as the store filled it in (the first screen's description): an
 * entity tag of the text sent, so a conditional request gets 304 only for the same page; compressed
 * once per page (brotli, else gzip) as the build's own siblings would be; its inline code allowed by
 * hash; a public demo's with the ribbon.
 */
export async function sendShellPage(request: FastifyRequest, reply: FastifyReply, html: string, demo: boolean): Promise<FastifyReply> {
  const tag = createHash('sha256').update(html, 'utf8').digest('base64url').slice(0, 27);
  const page = htmlPage(html, `shell:${tag}`);
  if (demo) return reply.sendHtml(page.html);
  await reply.htmlSecurity(page.hashes);
  const accepts = request.headers['accept-encoding'];
  const encoding = acceptsEncoding(accepts, 'br') ? 'br' : acceptsEncoding(accepts, 'gzip') ? 'gzip' : null;
  const etag = `"${tag}${encoding ? `.${encoding}` : ''}"`;
  reply
    .header('Cache-Control', cacheControlFor('index.html'))
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Vary', 'Accept-Encoding')
    .header('ETag', etag);
  if ((request.headers['if-none-match'] ?? '').split(',').some((sent) => sent.trim() === etag)) return reply.code(304).send();
  if (!encoding) return reply.send(page.html);
  const body = compressedCopy(etag, () =>
    encoding === 'br' ? brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipSync(page.html, { level: 9 }),
  );
  return reply.header('Content-Encoding', encoding).send(body);
}
