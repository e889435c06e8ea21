import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { OperationRefused } from '../../domain-errors';
import { IMAGE_TOO_LARGE, MAX_CATALOGUE_IMAGE_BYTES, mediaTypeOf, refuseImage, saveCatalogueImage } from '../../catalogue/catalogue-images';
import type { ImageType } from '../../catalogue/image-header';
import { writeAudit } from '../../ops/audit';
import { actorOf } from './route-parts';

/**
 * `POST /ops/api/catalogue/images`: a picture for the catalogue, its bytes as the body with its type
 * (image/png, image/jpeg, image/webp or image/gif), up to 1 MiB. Registered inside the back office's API,
 * so its session, CSRF and role checks apply; the body is read as bytes here only.
 */
export async function catalogueImageRoutes(app: FastifyInstance, options: { readonly db: Db }): Promise<void> {
  // Every body of this plugin is read as bytes, whatever its type: the handler judges the type, so that an
  // SVG or a mislabelled file is refused in words rather than by the parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post<{ Body: Buffer | undefined }>(
    '/catalogue/images',
    {
      // Bytes, not text: the store-wide check for unstorable text has nothing to read in them.
      // A body over the limit is cut off by Fastify before the handler: answered in the same words as the check.
      config: { permission: 'catalogue.edit', checksOwnText: true, tooLarge: { message: IMAGE_TOO_LARGE, code: 'imageTooLarge' } },
      bodyLimit: MAX_CATALOGUE_IMAGE_BYTES,
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const declared = String(request.headers['content-type'] ?? '');
      const refusal = refuseImage(bytes, declared);
      if (refusal?.reason === 'type') throw new OperationRefused('unsupportedType', refusal.message, 'imageType');
      if (refusal?.reason === 'tooLarge') throw new OperationRefused('tooLarge', refusal.message, 'imageTooLarge');
      if (refusal?.reason === 'empty') throw new OperationRefused('invalid', refusal.message, 'imageEmpty');
      // refuseImage took it: the declared type is one of the image types, and the bytes agree.
      const type = mediaTypeOf(declared) as ImageType;
      const actor = actorOf(request);
      const { image, added } = await options.db.transaction(async (tx) => {
        const saved = await saveCatalogueImage(tx, bytes, type, actor.name);
        // The same bytes sent again change nothing, and are not recorded twice.
        if (saved.added) {
          const { name, contentType, size, width, height } = saved.image;
          await writeAudit(tx, actor, { action: 'catalogue.image_upload', targetType: 'catalogue_image', targetId: name, after: { content_type: contentType, size, width, height } });
        }
        return saved;
      });
      return reply.code(added ? 201 : 200).send({ url: image.url, name: image.name, size: image.size, width: image.width, height: image.height });
    },
  );
}
