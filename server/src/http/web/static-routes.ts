import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_IDS, remoteManifestUrl, type GameRules, type RemoteId, type RemoteRegistry, type StoreRuntimeConfig } from '@topup/shared/contracts';
import type { HostSource, RemoteSource } from '../../releases/remote-source';
import { sendBuildFile } from './send-build-file';
import { withFirstScreen, type FirstScreenData } from './first-screen';
import { sendShellPage } from './shell-page';
import { bucketCookie, bucketOf, newBucket } from '../../releases/canary';

export interface StaticRoutesOptions {
  readonly host: HostSource;
  readonly remotes: RemoteSource;
  /** Resolves `?preview=remote@version` for testers; absent when previews are not possible. */
  readonly previewable?: (remote: RemoteId, version: string) => Promise<boolean>;
  /**
   * The previews (`remote@version,…`) a `?preview=` value grants: only a link an operator was given
   * (signed, not expired) grants any; null refuses it.
   */
  readonly openPreview?: (value: string) => Promise<string | null>;
  /** The page load's health token for the versions it is served (releases/load-tokens.ts); none without a database. */
  readonly healthToken?: (bucket: number, versions: Readonly<Record<string, string>>) => Promise<string>;
  /** Handed to the pages with the registry: this deployment's settings, never built in. */
  readonly store: StoreRuntimeConfig;
  /** The catalogue's game rules (spec §9), handed to the pages with the registry; none without a catalogue. */
  readonly gameRules?: () => Promise<GameRules>;
  /** A public demo: the shell's page is sent with the demo ribbon. */
  readonly demo: boolean;
  /** An HTML file's text as served, when the store fills it in (the policies); null: as built. */
  readonly fillPage?: (file: string, html: string) => string | null;
  /** The top-up page's first screen of every game, written into the shell's page; none without a catalogue. */
  readonly firstScreen?: () => Promise<FirstScreenData>;
  /** The picture of a product page's bundle (first-screen.ts bundlePicture); none without a catalogue. */
  readonly bundlePicture?: (query: Readonly<Record<string, unknown>>) => Promise<string | null>;
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
  app.get<{ Querystring: { preview?: string } }>('/mf/registry.json', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // The browser's place in canary splits, drawn at its first load and kept (releases/canary.ts).
    let bucket = bucketOf(request.headers.cookie);
    if (bucket === null) {
      bucket = newBucket();
      reply.header('Set-Cookie', bucketCookie(bucket, request.protocol === 'https'));
    }
    const store: StoreRuntimeConfig = options.gameRules ? { ...options.store, games: await options.gameRules() } : options.store;
    const registry: RemoteRegistry = { ...(await options.remotes.registry(bucket)), store };
    const preview = request.query.preview;
    const remotes = { ...registry.remotes };
    if (preview) {
      // Only a signed, unexpired link from an operator opens a preview; an unsigned one is refused as unknown.
      const granted = options.openPreview && options.previewable ? await options.openPreview(preview) : null;
      const previews = granted ? parsePreviews(granted) : null;
      if (!previews) return notFound(reply, `Unknown preview "${preview.split('~')[0]}": ask for a preview link in the release console`);
      for (const { remote, version } of previews) {
        if (!(await options.previewable?.(remote, version))) return notFound(reply, `${remote} has no release ${version} to preview`);
        remotes[remote] = { version, manifestUrl: remoteManifestUrl(remote, version), preview: true };
      }
    }
    // The token that lets this load's beacon count, for the versions served to everyone (previews never report).
    const served = Object.fromEntries(REMOTE_IDS.flatMap((remote) => (remotes[remote] && !remotes[remote].preview ? [[remote, remotes[remote].version]] : [])));
    const health = options.healthToken ? await options.healthToken(bucket, served) : undefined;
    return { ...registry, remotes, ...(health ? { health } : {}) };
  });

  app.get<{ Params: { remote: string; version: string; '*': string } }>('/remotes/:remote/:version/*', async (request, reply) => {
    const { remote, version } = request.params;
    const build = isRemoteId(remote) ? await options.remotes.filesOf(remote, version) : null;
    if (!build) return notFound(reply, 'Unknown remote version');
    const file = request.params['*'];
    const found = await build.read(file);
    if (!found) return notFound(reply, 'Not found');
    reply.header('Access-Control-Allow-Origin', '*');
    return sendBuildFile(request, reply, build, file, found, options.demo, options.fillPage);
  });

  /** `index.html` comes from the live build only; other files from the first build that has them. */
  const sendHostFile = async (request: FastifyRequest, reply: FastifyReply, file: string) => {
    const builds = file === 'index.html' ? [await options.host.live()] : options.host.builds();
    for await (const build of builds) {
      const found = await build.read(file);
      if (found && file === 'index.html' && options.firstScreen) {
        return sendShellPage(request, reply, withFirstScreen(found.content.toString('utf8'), await options.firstScreen()), options.demo);
      }
      if (found) return sendBuildFile(request, reply, build, file, found, options.demo, options.fillPage);
    }
    return notFound(reply, 'Not found');
  };

  // The product page's picture for the HTML's first script (first-screen.inline.js): a redirect to the
  // catalogue's own address of it, never cached (the catalogue and sale windows change); else 404.
  app.get('/first-screen/bundle-picture', async (request, reply) => {
    const picture = options.bundlePicture ? await options.bundlePicture(request.query as Record<string, unknown>) : null;
    if (!picture) return notFound(reply, 'Not found');
    return reply.header('Cache-Control', 'no-cache').redirect(picture, 302);
  });
  app.get('/', async (request, reply) => sendHostFile(request, reply, 'index.html'));
  // Browsers and crawlers ask for /favicon.ico whatever the page links: they get the store's icon.
  app.get('/favicon.ico', async (_request, reply) => reply.redirect('/favicon.svg', 301));
  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => sendHostFile(request, reply, request.params['*']));
}
