import type { FastifyInstance, FastifyReply } from 'fastify';
import { isLocale } from '@topup/shared/rules';
import { drawSlide, findSlide, readPicture } from '../../catalogue/banner-slides';
import type { CatalogueCache } from '../../catalogue/catalogue-cache';

const noSlide = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('No such slide');

/** `GET /banner-slides/<key>/<language>.svg`: a slide with its words drawn in that language. */
export async function bannerSlideRoutes(app: FastifyInstance, options: { readonly catalogue: CatalogueCache }): Promise<void> {
  app.get<{ Params: { key: string; file: string } }>('/banner-slides/:key/:file', async (request, reply) => {
    const { key, file } = request.params;
    const language = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : '';
    if (!isLocale(language)) return noSlide(reply);
    const banner = findSlide(await options.catalogue.get(), key);
    // A slide missing this language's words is drawn in a language it has (the API never asks for that).
    const texts = banner ? (banner.texts[language] ?? Object.values(banner.texts)[0]) : undefined;
    const picture = banner ? readPicture(banner.slideshowUrl) : null;
    if (!texts || picture === null) return noSlide(reply);
    return reply.type('image/svg+xml; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(drawSlide(picture, texts, language));
  });
}
