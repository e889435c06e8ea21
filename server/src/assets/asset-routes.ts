import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readHtmlFile } from '../web/html-page';

/** The store's own images (game icons, bundles, banners, help images, pay methods) and support page. */
export const ASSETS_DIR = path.resolve(__dirname, '..', '..', 'assets');

const SUPPORT_PAGE = path.join(ASSETS_DIR, 'support', 'index.html');

export async function assetRoutes(app: FastifyInstance): Promise<void> {
  // The support page is HTML: sent like every page, with its CSP (and a demo's ribbon).
  for (const url of ['/assets/support/', '/assets/support/index.html']) {
    app.get(url, async (_request, reply) => reply.sendHtml(readHtmlFile(SUPPORT_PAGE).html));
  }
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
