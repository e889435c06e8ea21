import type { CatalogueFile } from './catalogue-file-shape';
import { ROW_KEYS } from './catalogue-diff';

/**
 * Reverting to a revision (docs/catalogue.md, "In the back office"): that revision's catalogue imported
 * again as a part of the catalogue, so what was added since stays — unless the operator also retires the
 * additions: each bundle and discount code added since is made inactive (orders keep naming them), and each
 * banner added since has its window closed at the revert's moment (a banner has no "active"). Nothing is
 * ever removed. Games, areas, servers, tabs and pay methods added since stay as they are.
 */

/** The lists whose additions a revert can retire. */
export const RETIRED_ON_REVERT = ['bundles', 'banners', 'discount_codes'] as const;

/** Rows of `now` that `revision` does not have, per list that a revert can retire. */
function addedSince<L extends (typeof RETIRED_ON_REVERT)[number]>(list: L, revision: CatalogueFile, now: CatalogueFile): NonNullable<CatalogueFile[L]> {
  const keyOf = ROW_KEYS[list] as (row: unknown) => string;
  const kept = new Set(((revision[list] ?? []) as readonly unknown[]).map(keyOf));
  return ((now[list] ?? []) as readonly unknown[]).filter((row) => !kept.has(keyOf(row))) as NonNullable<CatalogueFile[L]>;
}

/** How many rows of each list a revert to `revision` would retire (when asked to). */
export function additionsSince(revision: CatalogueFile, now: CatalogueFile): Record<(typeof RETIRED_ON_REVERT)[number], number> {
  return {
    bundles: addedSince('bundles', revision, now).filter((row) => row.active).length,
    banners: addedSince('banners', revision, now).filter((row) => !row.ends_at || Date.parse(row.ends_at) > Date.now()).length,
    discount_codes: revision.discount_codes ? addedSince('discount_codes', revision, now).filter((row) => row.active).length : 0,
  };
}

/**
 * The file a revert imports: the revision's catalogue and, with `retireAdded`, the rows added since,
 * retired (`at`: the moment a banner's window closes, whole seconds in UTC).
 */
export function revertFile(revision: CatalogueFile, now: CatalogueFile, retireAdded: boolean, at: Date): CatalogueFile {
  if (!retireAdded) return revision;
  const moment = new Date(Math.floor(at.getTime() / 1000) * 1000);
  const closesAt = moment.toISOString().replace('.000Z', 'Z');
  const startedBy = new Date(moment.getTime() - 1000).toISOString().replace('.000Z', 'Z');
  const banners = addedSince('banners', revision, now).map((row) => {
    if (row.ends_at && Date.parse(row.ends_at) <= moment.getTime()) return row;
    // The window must end after it starts: a banner not started yet never starts.
    const starts = row.starts_at && Date.parse(row.starts_at) >= moment.getTime() ? startedBy : (row.starts_at ?? null);
    return { ...row, starts_at: starts, ends_at: closesAt };
  });
  return {
    ...revision,
    bundles: [...revision.bundles, ...addedSince('bundles', revision, now).map((row) => ({ ...row, active: false }))],
    banners: [...revision.banners, ...banners],
    // A revision kept without codes (made before they were part of the file) leaves the store's codes as they are.
    ...(revision.discount_codes
      ? { discount_codes: [...revision.discount_codes, ...addedSince('discount_codes', revision, now).map((row) => ({ ...row, active: false }))] }
      : {}),
  };
}
