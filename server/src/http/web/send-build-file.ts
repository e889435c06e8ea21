import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor } from './cache-headers';
import { contentTypeOf } from './content-types';
import { htmlPage } from './html-page';
import type { ServedBuild, ServedFile } from '../../releases/served-build';

/** The precompressed siblings builds ship next to their text files (decision 009), best first. */
const SIBLINGS = [
  { suffix: '.br', encoding: 'br' },
  { suffix: '.gz', encoding: 'gzip' },
] as const;

/** Whether an `Accept-Encoding` header takes `encoding` (named or through `*`, with a weight above 0). */
export function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  let wildcard = false;
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((text) => text.trim());
    const weight = params.map((param) => /^q=([0-9.]+)$/.exec(param)?.[1]).find((q) => q !== undefined);
    const taken = weight === undefined || Number(weight) > 0;
    if (name === encoding) return taken;
    if (name === '*') wildcard = taken;
  }
  return wildcard;
}

function matchesTag(header: string | undefined, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}

/**
 * Sends `name`, a file of `build` (`identity`: its own bytes). The build's `.br` or `.gz` of it goes
 * out instead when the browser takes it, with the cache header of the file it stands for, an entity
 * tag and `Vary: Accept-Encoding`; a matching `If-None-Match` gets 304. HTML pages allow their inline
 * code by hash, and a public demo's carry the ribbon. `fillPage` may give a page's text as served instead (the policies).
 */
export async function sendBuildFile(
  request: FastifyRequest,
  reply: FastifyReply,
  build: ServedBuild,
  name: string,
  identity: ServedFile,
  demo: boolean,
  fillPage?: (file: string, html: string) => string | null,
): Promise<FastifyReply> {
  if (name.endsWith('.html')) {
    // A page the store fills in (the policies, with the publisher's facts): its own text, never the build's precompressed bytes.
    const filled = fillPage?.(name, identity.content.toString('utf8'));
    if (filled != null) {
      const page = htmlPage(filled);
      if (demo) return reply.sendHtml(page.html);
      await reply.htmlSecurity(page.hashes);
      return reply.header('Cache-Control', 'public, max-age=300').header('Content-Type', contentTypeOf(name)).send(page.html);
    }
    const page = htmlPage(identity.content.toString('utf8'), identity.etag);
    if (demo) return reply.sendHtml(page.html);
    await reply.htmlSecurity(page.hashes);
  }
  let sent = identity;
  for (const { suffix, encoding } of SIBLINGS) {
    if (!acceptsEncoding(request.headers['accept-encoding'], encoding)) continue;
    const sibling = await build.read(name + suffix);
    if (!sibling) continue;
    sent = sibling;
    reply.header('Content-Encoding', encoding);
    break;
  }
  reply
    .header('Cache-Control', cacheControlFor(path.posix.basename(name)))
    .header('Content-Type', contentTypeOf(name))
    .header('Vary', 'Accept-Encoding')
    .header('ETag', sent.etag);
  if (matchesTag(request.headers['if-none-match'], sent.etag)) return reply.code(304).send();
  return reply.send(sent.content);
}
