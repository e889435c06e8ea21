import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';
import { IMAGE_EXTENSIONS, IMAGE_TYPES, isImageType, pixelSize, sniffImageType, type ImageType } from './image-header';

/**
 * The pictures operators upload for the catalogue (`catalogue_images`, migration 063): in the database, so
 * every instance of the store serves every one. A picture's name is the start of its SHA-256 and its
 * extension: the same bytes always get the same name, and a name always shows the same picture.
 */

/** Where the store serves them: `/assets/catalogue/<name>`. */
export const CATALOGUE_IMAGES_PATH = '/assets/catalogue/';

/** The largest picture taken: 1 MiB. */
export const MAX_CATALOGUE_IMAGE_BYTES = 1024 * 1024;

/** The refusal of a picture over the limit, by the check and by the edge when the body is cut off. */
export const IMAGE_TOO_LARGE = 'A picture may be at most 1 MiB';

const NAME = /^[0-9a-f]{20}\.(?:png|jpg|webp|gif)$/;

/** Whether `name` has the shape of a picture's name (checked before any query). */
export function isCatalogueImageName(name: string): boolean {
  return NAME.test(name);
}

export function catalogueImageName(bytes: Uint8Array, type: ImageType): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}.${IMAGE_EXTENSIONS[type]}`;
}

export function catalogueImageUrl(name: string): string {
  return `${CATALOGUE_IMAGES_PATH}${name}`;
}

/** Why a picture is refused, in words an operator can act on. */
export interface ImageRefusal {
  readonly reason: 'empty' | 'tooLarge' | 'type';
  readonly message: string;
}

const TYPES_IN_WORDS = 'PNG, JPEG, WebP or GIF';

/** The media type a Content-Type header names (`image/png; charset=binary` → `image/png`). */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** The refusal of a picture sent with the Content-Type `contentType`, or null when the store takes it. */
export function refuseImage(bytes: Uint8Array, contentType: string): ImageRefusal | null {
  const declared = mediaTypeOf(contentType);
  if (declared === 'image/svg+xml') return { reason: 'type', message: `SVG pictures are not accepted (they can carry scripts): upload a ${TYPES_IN_WORDS} picture` };
  if (!isImageType(declared)) return { reason: 'type', message: `Send the picture's bytes as ${IMAGE_TYPES.join(', ')}, not "${declared || 'no content type'}"` };
  if (bytes.length === 0) return { reason: 'empty', message: 'The picture is empty' };
  if (bytes.length > MAX_CATALOGUE_IMAGE_BYTES) return { reason: 'tooLarge', message: IMAGE_TOO_LARGE };
  const sniffed = sniffImageType(bytes);
  if (sniffed !== declared) {
    return { reason: 'type', message: sniffed ? `The file's bytes are ${sniffed}, not ${declared}` : `The file is not a ${TYPES_IN_WORDS} picture` };
  }
  return null;
}

export interface CatalogueImage {
  readonly name: string;
  readonly url: string;
  readonly contentType: ImageType;
  readonly size: number;
  readonly width: number | null;
  readonly height: number | null;
}

/**
 * Keeps a picture the store takes (refuseImage said nothing), in the caller's transaction. The same bytes
 * saved again keep their first row: `added` says whether this call added it.
 */
export async function saveCatalogueImage(tx: Queryable, bytes: Uint8Array, type: ImageType, uploadedBy: string): Promise<{ image: CatalogueImage; added: boolean }> {
  const name = catalogueImageName(bytes, type);
  const pixels = pixelSize(bytes, type);
  // A row by this name holds these very bytes: keeping the first is the same as writing them again.
  const inserted = await tx.query(
    `INSERT INTO catalogue_images (name, content_type, bytes, size, width, height, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (name) DO NOTHING RETURNING name`,
    [name, type, bytes, bytes.length, pixels?.width ?? null, pixels?.height ?? null, uploadedBy],
  );
  return {
    image: { name, url: catalogueImageUrl(name), contentType: type, size: bytes.length, width: pixels?.width ?? null, height: pixels?.height ?? null },
    added: inserted.length === 1,
  };
}

export interface StoredImage {
  readonly contentType: string;
  readonly bytes: Buffer;
}

/** A picture's bytes and type, or null when there is none by that name (malformed names are never looked up). */
export async function readCatalogueImage(db: Queryable, name: string): Promise<StoredImage | null> {
  if (!isCatalogueImageName(name)) return null;
  const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>('SELECT content_type, bytes FROM catalogue_images WHERE name = $1', [name]);
  if (!row) return null;
  // pg reads bytea as a Buffer, PGlite as a Uint8Array.
  const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
  return { contentType: row.content_type, bytes };
}

/**
 * The `/assets/catalogue/*` addresses among `urls` that name no stored picture (a catalogue must not show a
 * missing one); other addresses are not this function's to judge. Each at most once, in the order given.
 */
export async function missingCatalogueImages(db: Queryable, urls: readonly string[]): Promise<string[]> {
  const ours = [...new Set(urls.filter((url) => url.startsWith(CATALOGUE_IMAGES_PATH)))];
  const names = ours.map((url) => url.slice(CATALOGUE_IMAGES_PATH.length)).filter(isCatalogueImageName);
  const stored = names.length === 0
    ? new Set<string>()
    : new Set((await db.query<{ name: string }>('SELECT name FROM catalogue_images WHERE name IN (SELECT jsonb_array_elements_text($1::jsonb))', [JSON.stringify(names)])).map((row) => row.name));
  return ours.filter((url) => !stored.has(url.slice(CATALOGUE_IMAGES_PATH.length)));
}
