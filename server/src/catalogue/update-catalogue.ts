import type { Db, Queryable } from '../db/db';
import { bumpCatalogueRevision, type CatalogueCache } from './catalogue-cache';

/**
 * Every catalogue write goes through here: the change and a new revision commit together,
 * then this process's cache is dropped at once (other processes see the revision within seconds).
 */
export async function updateCatalogue<T>(db: Db, cache: CatalogueCache | null, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    // This transaction bumps the revision itself as it commits: the catalogue tables' triggers (for edits
    // made outside the store, migration 068) leave it alone.
    await tx.query(`SELECT set_config('topup.catalogue_write', 'on', true)`);
    const value = await work(tx);
    await bumpCatalogueRevision(tx);
    return value;
  });
  cache?.invalidate();
  return result;
}
