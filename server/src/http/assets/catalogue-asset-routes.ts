import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/db';
import { readCatalogueImage, type StoredImage } from '../../catalogue/catalogue-images';

/** Pictures kept in memory after they were served: a few, the most recent (about 16 MiB at most). */
const CACHED_PICTURES = 16;

/** The last pictures served, newest last (a name's picture never changes, so a kept one is never stale). */
class RecentPictures {
  private readonly pictures = new Map<string, StoredImage>();

  get(name: string): StoredImage | undefined {
    const picture = this.pictures.get(name);
    if (picture) {
      this.pictures.delete(name);
      this.pictures.set(name, picture);
    }
    return picture;
  }

  set(name: string, picture: StoredImage): void {
    this.pictures.set(name, picture);
    while (this.pictures.size > CACHED_PICTURES) this.pictures.delete(this.pictures.keys().next().value as string);
  }
}

const notFound = (reply: FastifyReply) => reply.code(404).header('Cache-Control', 'no-store').send({ ret: 404, msg: 'Not found' });

/**
 * `GET /assets/catalogue/<name>`: the pictures operators uploaded (catalogue/catalogue-images.ts), for
 * everyone, from the database. A name is its picture's content hash, so browsers and CDNs keep it a year.
 * It is a route of its own, so it is chosen before the `/assets/*` files of the build.
 */
export async function catalogueAssetRoutes(app: FastifyInstance, options: { readonly db: Db }): Promise<void> {
  const recent = new RecentPictures();
  // Everything under /assets/catalogue/ is answered here (a wildcard has no length limit, unlike a parameter);
  // the name's shape is checked before any query, so a NUL byte or a path is just not found.
  app.get<{ Params: { '*': string } }>('/assets/catalogue/*', { config: { checksOwnText: true } }, async (request, reply) => {
    const name = request.params['*'];
    let picture = recent.get(name);
    if (!picture) {
      const stored = await readCatalogueImage(options.db, name);
      if (!stored) return notFound(reply);
      picture = stored;
      recent.set(name, picture);
    }
    const etag = `"${name}"`;
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Type', picture.contentType);
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
    return reply.send(picture.bytes);
  });
}
