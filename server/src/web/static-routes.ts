import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { REMOTE_IDS, type RemoteId } from '@topup/shared/contracts';
import type { RemoteSource } from './remote-source';
import { cacheControlFor } from './cache-headers';

export interface StaticRoutesOptions {
  readonly hostDist: string;
  readonly remotes: RemoteSource;
}

function isRemoteId(value: string): value is RemoteId {
  return (REMOTE_IDS as string[]).includes(value);
}

/** The host shell at `/`, each remote version at `/remotes/<remote>/<version>/`, and the registry. */
export async function staticRoutes(app: FastifyInstance, options: StaticRoutesOptions): Promise<void> {
  const setHeaders = (reply: { header(name: string, value: string): unknown }, filePath: string) => {
    reply.header('Cache-Control', cacheControlFor(path.basename(filePath)));
  };

  await app.register(fastifyStatic, {
    root: options.hostDist,
    prefix: '/',
    index: ['index.html'],
    cacheControl: false,
    setHeaders,
    wildcard: true,
  });

  app.get('/mf/registry.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return options.remotes.registry();
  });

  app.get<{ Params: { remote: string; version: string; '*': string } }>(
    '/remotes/:remote/:version/*',
    async (request, reply) => {
      const { remote, version } = request.params;
      const file = request.params['*'];
      const dir = isRemoteId(remote) ? await options.remotes.directoryOf(remote, version) : null;
      if (!dir) return reply.code(404).header('Cache-Control', 'no-store').send({ ret: 404, msg: 'Unknown remote version' });
      const full = path.resolve(dir, file);
      if (!full.startsWith(dir + path.sep) || !fs.existsSync(full) || !fs.statSync(full).isFile()) {
        return reply.code(404).header('Cache-Control', 'no-store').send({ ret: 404, msg: 'Not found' });
      }
      reply.header('Access-Control-Allow-Origin', '*');
      return reply.sendFile(path.relative(dir, full), dir);
    },
  );
}
