import fs from 'node:fs';
import path from 'node:path';
import type { CatalogueFile } from '../../catalogue/catalogue-file';

/**
 * The demo store's catalogue (games, areas, servers, tabs, pay methods, bundles, banners, settings and
 * discount codes) as one catalogue file: the seed imports it as an operator imports theirs, with the
 * same checks, and it is reviewed and changed as a file.
 */
export const DEMO_CATALOGUE_PATH = path.join(__dirname, 'demo-catalogue.json');

/** The demo catalogue file, read afresh: the import's checks write defaults into what they are given. */
export function readDemoCatalogue(): CatalogueFile {
  return JSON.parse(fs.readFileSync(DEMO_CATALOGUE_PATH, 'utf8')) as CatalogueFile;
}
