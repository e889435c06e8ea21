import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { REMOTE_IDS, remoteManifestUrl, type GameRules, type RemoteId, type RemoteRegistry, type StoreRuntimeConfig } from '@topup/shared/contracts';
import type { HostSource, RemoteSource } from './remote-source';
import { cacheControlFor } from './cache-headers';
import { findFileIn } from '../releases/released-sources';
import { readHtmlFile } from './html-page';

export interface StaticRoutesOptions {
  readonly host: HostSource;
  readonly remotes: RemoteSource;
  /** Resolves `?preview=remote@version` for testers; absent when previews are not possible. */
  readonly previewable?: (remote: RemoteId, version: string) => Promise<boolean>;
  /** Handed to the pages with the registry: this deployment's settings, never built in. */
  readonly store: StoreRuntimeConfig;
  /** The catalogue's game rules (spec §9), handed to the pages with the registry; none without a catalogue. */
  readonly gameRules?: () => Promise<GameRules>;
  /** A public demo: the shell's page is sent with the demo ribbon. */
  readonly demo: boolean;
}

function isRemoteId(value: string): value is RemoteId {
  return (REMOTE_IDS as string[]).includes(value);
}

function notFound(reply: FastifyReply, msg: string) {
  return reply.code(404).header('Cache-Control', 'no-store').send({ ret: 404, msg });
}

/** Parses `remote-topup@v1,remote-voucher@v2`; null when any part is malformed. */
export function parsePreviews(value: string): Array<{ remote: RemoteId; version: string }> | null {
  const previews: Array<{ remote: RemoteId; version: string }> = [];
  for (const part of value.split(',').filter(Boolean)) {
    const at = part.lastIndexOf('@');
    const remote = part.slice(0, at);
    const version = part.slice(at + 1);
    if (at <= 0 || !isRemoteId(remote) || !version) return null;
    previews.push({ remote, version });
  }
  return previews;
}

/** The host shell at `/`, each remote version at `/remotes/<remote>/<version>/`, and the registry. */
export async function staticRoutes(app: FastifyInstance, options: StaticRoutesOptions): Promise<void> {
  // Registers reply.sendFile; files are chosen by the routes below, not by a fixed root.
  await app.register(fastifyStatic, {
    root: path.resolve('/'),
    serve: false,
    cacheControl: false,
    // Builds ship .br and .gz next to each text file; the smallest the browser accepts is sent.
    preCompressed: true,
    setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
      reply.header('Cache-Control', cacheControlFor(path.basename(filePath)));
    },
  });

  app.get<{ Querystring: { preview?: string } }>('/mf/registry.json', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const [live, games] = await Promise.all([options.remotes.registry(), options.gameRules?.()]);
    const registry: RemoteRegistry = { ...live, store: games ? { ...options.store, games } : options.store };
    const preview = request.query.preview;
    if (!preview) return registry;
    const previews = parsePreviews(preview);
    if (!previews || !options.previewable) return notFound(reply, `Unknown preview "${preview}"`);
    const remotes = { ...registry.remotes };
    for (const { remote, version } of previews) {
      if (!(await options.previewable(remote, version))) return notFound(reply, `${remote} has no release ${version} to preview`);
      remotes[remote] = { version, manifestUrl: remoteManifestUrl(remote, version), preview: true };
    }
    return { ...registry, remotes };
  });

  app.get<{ Params: { remote: string; version: string; '*': string } }>('/remotes/:remote/:version/*', async (request, reply) => {
    const { remote, version } = request.params;
    const dir = isRemoteId(remote) ? await options.remotes.directoryOf(remote, version) : null;
    if (!dir) return notFound(reply, 'Unknown remote version');
    const found = findFileIn([dir], request.params['*']);
    if (!found) return notFound(reply, 'Not found');
    reply.header('Access-Control-Allow-Origin', '*');
    return sendBuiltFile(reply, found);
  });

  /**
   * A file of a build. Its HTML pages (the shell, the legal pages) allow their inline code by hash,
   * and a demo's carry the ribbon; everything else goes out as built, precompressed.
   */
  const sendBuiltFile = async (reply: FastifyReply, found: { dir: string; relative: string }) => {
    if (found.relative.endsWith('.html')) {
      const page = readHtmlFile(path.join(found.dir, found.relative));
      if (options.demo) return reply.sendHtml(page.html);
      await reply.htmlSecurity(page.hashes);
    }
    return reply.sendFile(found.relative, found.dir);
  };

  const sendHostFile = async (reply: FastifyReply, file: string) => {
    const dirs = file === 'index.html' ? [await options.host.liveDir()] : await options.host.assetDirs();
    const found = findFileIn(dirs, file);
    if (!found) return notFound(reply, 'Not found');
    return sendBuiltFile(reply, found);
  };

  app.get('/', async (_request, reply) => sendHostFile(reply, 'index.html'));
  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => sendHostFile(reply, request.params['*']));
}
