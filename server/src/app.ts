import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { remoteSourceFromEnv, type RemoteSource } from './web/remote-source';
import { staticRoutes } from './web/static-routes';

export interface AppOptions {
  readonly config: ServerConfig;
  /** Overrides where remote builds come from (tests, releases). */
  readonly remotes?: RemoteSource;
  readonly logger?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 64 * 1024,
    trustProxy: false,
  });

  app.get('/healthz', async () => ({ ok: true }));

  await app.register(staticRoutes, {
    hostDist: config.hostDist,
    remotes: options.remotes ?? remoteSourceFromEnv(config.repoRoot),
  });

  return app;
}
