import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import { diffCatalogue } from '../../catalogue/catalogue-diff';
import { exportCatalogue, importCatalogue, type CatalogueFile } from '../../catalogue/catalogue-file';
import { whileLocked } from '../../db/advisory-lock';
import type { Db } from '../../db/db';
import { upsertRoles } from '../game/sandbox-roles';
import { readDemoCatalogue } from './demo-catalogue';
import { demoGames } from './demo-games';
import { demoPurchases } from './demo-purchases';
import { demoRoles } from './demo-roles';
import { seedDemoPurchases } from './seed-demo-purchases';

export interface SeedOptions {
  /** The demo discount codes too (`DEMO_DISCOUNT_CODES`); on by default. */
  readonly discountCodes?: boolean;
}

/** The demo catalogue file, without its discount codes when they are off (a file without the list leaves the store's codes alone). */
function demoCatalogue(options: SeedOptions): CatalogueFile {
  const file = readDemoCatalogue();
  if (options.discountCodes ?? true) return file;
  const { discount_codes: _codes, ...withoutCodes } = file;
  return withoutCodes;
}

/** Whether importing the file would add or change anything. */
async function changesCatalogue(db: Db, file: CatalogueFile): Promise<boolean> {
  const { lists } = diffCatalogue(await exportCatalogue(db), file);
  return Object.values(lists).some((list) => list.added + list.changed > 0);
}

/** Seeding waits for a seed under way in any instance on the database: instances starting together seed once. */
const SEED_LOCK = 'seed-demo';

/**
 * Imports the demo catalogue file (demo-catalogue.json) as one catalogue revision, with an import's
 * checks, then writes the sandbox game's characters and a returning player's purchases. Idempotent: a
 * second run finds nothing to change in the catalogue and makes no revision; a changed demo row is
 * restored, and rows that are not part of the demo are left alone (the file is a part of the catalogue).
 */
export function seedDemo(db: Db, cache: CatalogueCache | null = null, options: SeedOptions = {}): Promise<void> {
  return whileLocked(db, SEED_LOCK, () => writeDemo(db, cache, options));
}

async function writeDemo(db: Db, cache: CatalogueCache | null, options: SeedOptions): Promise<void> {
  const file = demoCatalogue(options);
  if (await changesCatalogue(db, file)) {
    await importCatalogue(db, cache, file, {
      actor: 'service:seed',
      reason: 'the demo catalogue (server/src/sandbox/seed/demo-catalogue.json)',
      source: 'seed',
      partial: true,
      // The demo's own prices, put back over whatever a developer tried.
      confirmedLargePriceChanges: true,
    });
  }
  await db.transaction(async (tx) => {
    await upsertRoles(tx, demoGames(file).flatMap(demoRoles));
    await seedDemoPurchases(tx, demoPurchases(file));
  });
}

/**
 * Seeds a database that has no game yet (the first start), and again a demo catalogue seeded before
 * bundles listed the items they deliver (migration 040) or had their words in every language
 * (migration 057), so that its mails carry the items and its pages read in one language.
 */
export function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<boolean> {
  // Looked at under the lock: an instance that waited finds the other's seed done.
  return whileLocked(db, SEED_LOCK, async () => {
    const rows = await db.query<{ games: number; unlisted_demo: number }>(
      `SELECT (SELECT count(*) FROM games)::int AS games,
              (SELECT count(*) FROM bundles WHERE product_id = $1 AND (items = '[]'::jsonb OR texts = '{}'::jsonb))::int AS unlisted_demo`,
      [DEMO_ITEMS_PROBE],
    );
    if ((rows[0]?.games ?? 0) > 0 && (rows[0]?.unlisted_demo ?? 0) === 0) return false;
    await writeDemo(db, null, options);
    return true;
  });
}

/** A demo bundle that always lists its items and has its words in other languages once seeded. */
const DEMO_ITEMS_PROBE = '18-us-currency-300';
