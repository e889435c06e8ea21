import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { apiPlugin } from './api/api-plugin';
import { assetRoutes } from './assets/asset-routes';
import { CatalogueCache } from './catalogue/catalogue-cache';
import type { Db } from './db/db';
import type { GameGateway } from './game/game-gateway';
import { SandboxGameGateway } from './sandbox/sandbox-game-gateway';
import { sandboxRoutes } from './sandbox/sandbox-routes';
import { remoteSourceFromEnv, type RemoteSource } from './web/remote-source';
import { staticRoutes } from './web/static-routes';
import { opsRoutes } from './releases/ops-routes';
import { ReleaseFiles } from './releases/release-files';
import { builtHostSource, releasedHostSource, releasedRemoteSource } from './releases/released-sources';
import { RegistryService } from './releases/registry-service';

export interface AppOptions {
  readonly config: ServerConfig;
  /** Overrides where remote builds come from (tests, releases). */
  readonly remotes?: RemoteSource;
  readonly logger?: boolean;
  /**
   * The store's database, opened and migrated by the caller (main.ts, tests). Without it the
   * server only hosts the pages: the API and sandbox routes need a database.
   */
  readonly db?: Db;
  /** The games' gateway; the sandbox game (on the same database) by default. */
  readonly games?: GameGateway;
  /** The in-memory catalogue; pass one to write through `updateCatalogue` in this process. */
  readonly catalogue?: CatalogueCache;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 64 * 1024,
    trustProxy: false,
  });

  app.get('/healthz', async () => ({ ok: true }));

  await app.register(assetRoutes);
  const built = options.remotes ?? remoteSourceFromEnv(config.repoRoot);
  if (options.db) {
    const db = options.db;
    const catalogue = options.catalogue ?? new CatalogueCache(db);
    await app.register(apiPlugin, {
      prefix: '/api',
      db,
      catalogue,
      games: options.games ?? new SandboxGameGateway(db),
      appKey: config.appKey,
      roleLookupsPerMinute: config.roleLookupsPerMinute,
    });
    if (config.sandboxRoutes) await app.register(sandboxRoutes, { db });

    const registry = new RegistryService(db, new ReleaseFiles(config.releasesDir), config.hostDist);
    if (config.opsToken) await app.register(opsRoutes, { prefix: '/ops', token: config.opsToken, registry });
    await app.register(staticRoutes, {
      host: releasedHostSource(registry, config.hostDist),
      remotes: releasedRemoteSource(registry, built),
      previewable: (remote, version) => registry.previewable(remote, version),
    });
  } else {
    await app.register(staticRoutes, { host: builtHostSource(config.hostDist), remotes: built });
  }

  return app;
}
