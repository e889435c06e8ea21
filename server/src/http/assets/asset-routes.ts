import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** The store's own images (game icons, bundles, banners, help images, pay methods). */
export const ASSETS_DIR = path.resolve(__dirname, '..', '..', '..', 'assets');

export async function assetRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    prefix: '/assets/',
    decorateReply: false,
    cacheControl: false,
    index: false,
    setHeaders: (reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
    },
  });
}
