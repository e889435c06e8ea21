import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/db';
import { CATALOGUE_IMAGES_PATH, isCatalogueImageName } from './catalogue-images';

/**
 * Whether a catalogue's pictures exist (docs/catalogue.md, "Pictures"): a banner's `slideshow_url` and a
 * bundle's `product_file_url` must be one of the store's pictures — a file the store serves under
 * `/assets/` (server/assets) or a picture uploaded in the back office (`/assets/catalogue/<name>`) — so
 * players never see a broken image. Any other address (another site's, a path the store does not serve)
 * is refused: the store never fetches a stranger's address to judge it.
 */

/** The store's own pictures, served at `/assets/…` (asset-routes.ts serves this folder). */
export const STORE_ASSETS_DIR = path.resolve(__dirname, '..', '..', 'assets');

/** The fields that show a picture, per list; an empty value means "no picture" where the schema allows it. */
export const PICTURE_FIELDS = { banners: ['slideshow_url'], bundles: ['product_file_url'] } as const;

/** What a check knows of the store's pictures: the uploaded names it looked up (a check without a database knows none). */
export interface PictureSource {
  /** Names of uploaded pictures (`3f0c…e2.png`) known to exist; null: uploaded pictures were not looked up. */
  readonly uploaded: ReadonlySet<string> | null;
}

/** Why a picture is refused; the editor shows it in the operator's language by `reason`. */
export interface PictureProblem {
  readonly field: string;
  readonly url: string;
  readonly reason: 'notUploaded' | 'notFound' | 'notOurs';
}

const ASSET_PATH = /^\/assets\/[A-Za-z0-9][A-Za-z0-9/_.-]*$/;
const onDisk = new Map<string, boolean>();

/** Whether `/assets/<path>` is a file of the store's own pictures (looked at once per address). */
export function isStoreAsset(url: string): boolean {
  if (!ASSET_PATH.test(url) || url.includes('..') || url.includes('//') || url.startsWith(CATALOGUE_IMAGES_PATH)) return false;
  let known = onDisk.get(url);
  if (known === undefined) {
    const file = path.join(STORE_ASSETS_DIR, url.slice('/assets/'.length));
    try {
      known = file.startsWith(STORE_ASSETS_DIR + path.sep) && fs.statSync(file).isFile();
    } catch {
      known = false;
    }
    if (onDisk.size < 10_000) onDisk.set(url, known);
  }
  return known;
}

/** The problem of one picture address, or null when the store has it. */
export function pictureProblem(field: string, url: string, source: PictureSource): PictureProblem | null {
  if (url === '') return null;
  if (url.startsWith(CATALOGUE_IMAGES_PATH)) {
    const name = url.slice(CATALOGUE_IMAGES_PATH.length);
    if (source.uploaded === null) return null;
    return isCatalogueImageName(name) && source.uploaded.has(name) ? null : { field, url, reason: 'notUploaded' };
  }
  if (url.startsWith('/assets/')) return isStoreAsset(url) ? null : { field, url, reason: 'notFound' };
  return { field, url, reason: 'notOurs' };
}

/** A picture problem in words (English: files, the CLI and the API; the editor translates by reason). */
export function pictureProblemText(problem: PictureProblem): string {
  switch (problem.reason) {
    case 'notUploaded':
      return `${problem.field}: the picture ${problem.url} was never uploaded to this store`;
    case 'notFound':
      return `${problem.field}: the picture ${problem.url} is missing: the store has no such file (404)`;
    default:
      return `${problem.field}: the picture ${problem.url} is not one of the store's pictures: upload it in the back office or use one under /assets/`;
  }
}

/** The picture problems of one row of `list` (none for lists without pictures). */
export function rowPictureProblems(list: string, row: unknown, source: PictureSource): PictureProblem[] {
  const fields = (PICTURE_FIELDS as Record<string, readonly string[]>)[list];
  if (!fields || !row || typeof row !== 'object') return [];
  return fields.flatMap((field) => {
    const value = (row as Record<string, unknown>)[field];
    const problem = typeof value === 'string' ? pictureProblem(field, value, source) : null;
    return problem ? [problem] : [];
  });
}

/** Every uploaded picture address among `urls`, as names. */
function uploadedNames(urls: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const url of urls) {
    if (!url.startsWith(CATALOGUE_IMAGES_PATH)) continue;
    const name = url.slice(CATALOGUE_IMAGES_PATH.length);
    if (isCatalogueImageName(name)) names.add(name);
  }
  return [...names];
}

/** Every string value of the rows given that is an uploaded picture's address. */
export function uploadedAddressesOf(rows: Iterable<unknown>): string[] {
  const urls: string[] = [];
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    for (const value of Object.values(row)) if (typeof value === 'string' && value.startsWith(CATALOGUE_IMAGES_PATH)) urls.push(value);
  }
  return urls;
}

/** Looks up which of the uploaded pictures the addresses name exist, in one query: the source a check needs. */
export async function pictureSource(db: Queryable, urls: Iterable<string>): Promise<PictureSource> {
  const names = uploadedNames(urls);
  if (names.length === 0) return { uploaded: new Set() };
  const rows = await db.query<{ name: string }>('SELECT name FROM catalogue_images WHERE name IN (SELECT jsonb_array_elements_text($1::jsonb))', [JSON.stringify(names)]);
  return { uploaded: new Set(rows.map((row) => row.name)) };
}
