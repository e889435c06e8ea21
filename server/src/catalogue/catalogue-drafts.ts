import Ajv2020 from 'ajv/dist/2020';
import type { CatalogueDraft, CatalogueDraftRow } from '@topup/shared/types';
import type { Db, Queryable } from '../db/db';
import type { CatalogueCache } from './catalogue-cache';
import type { Catalogue } from './catalogue';
import { loadCatalogue } from './load-catalogue';
import { canonical, diffCatalogue, ROW_KEYS } from './catalogue-diff';
import {
  checkCatalogueFile,
  exportCatalogue,
  importCatalogue,
  picturesOf,
  rewardProblemsOf,
  rewardProblemText,
  writeCatalogueRows,
  type CatalogueCheckOptions,
  type CatalogueFile,
  type ImportOutcome,
  type ImportRecord,
  type RewardProblem,
} from './catalogue-file';
import type { GameRewards } from './catalogue';
import { pictureProblemText, pictureSource, rowPictureProblems, uploadedAddressesOf, type PictureProblem } from './catalogue-pictures';
import SCHEMA from './catalogue-file.schema.json';

/**
 * The back office's catalogue draft (docs/catalogue.md): operators add and change rows of the
 * catalogue file's lists without touching what players see; "Publish" applies every drafted row to the
 * catalogue as it is then and imports the result as one revision, with the import's checks. A row is
 * never removed from the catalogue (orders name bundles): a draft retires a bundle with "active": false,
 * and can only drop its own additions and changes.
 */

export type DraftList = keyof typeof ROW_KEYS;

export const DRAFT_LISTS = Object.keys(ROW_KEYS) as DraftList[];

export const isDraftList = (value: string): value is DraftList => Object.hasOwn(ROW_KEYS, value);

const keyOf = (list: DraftList, row: unknown): string => (ROW_KEYS[list] as (row: unknown) => string)(row);

/** A row the draft is refused: not the shape its list needs (the same schema as a catalogue file's). */
export class DraftRowError extends Error {
  constructor(
    readonly problems: readonly string[],
    /** The row's pictures the store does not have, for the editor to name in the operator's language. */
    readonly pictures: readonly PictureProblem[] = [],
    /** A game's rewards the file's check refuses (a time zone, tiers out of order), for the editor to name likewise. */
    readonly rewards: readonly RewardProblem[] = [],
  ) {
    super(`The row is refused: ${problems.join('; ')}`);
    this.name = 'DraftRowError';
  }
}

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(SCHEMA);
const rowCheckers = new Map<DraftList, ReturnType<typeof ajv.compile>>();

/** The problems of one row against its list's part of the catalogue file's schema. */
export function checkDraftRow(list: DraftList, row: unknown): string[] {
  let check = rowCheckers.get(list);
  if (!check) {
    check = ajv.compile({ $ref: `${SCHEMA.$id}#/properties/${list}/items` });
    rowCheckers.set(list, check);
  }
  if (check(row)) return [];
  return (check.errors ?? []).map((error) => {
    const params = error.params as { additionalProperty?: string; allowedValues?: unknown[]; missingProperty?: string };
    const detail = params.additionalProperty ? ` (${params.additionalProperty})` : params.allowedValues ? ` (${params.allowedValues.join(', ')})` : '';
    return `${error.instancePath.replace(/^\//, '') || 'the row'}: ${error.message ?? 'is not valid'}${detail}`;
  });
}

interface StoredRow {
  list: DraftList;
  row_key: string;
  row: Record<string, unknown>;
  base: Record<string, unknown> | null;
  updated_by: string;
  updated_at: string;
}

const readRows = (db: Queryable, lock = false) =>
  db.query<StoredRow>(
    `SELECT list, row_key, row, base, updated_by, updated_at::text FROM catalogue_draft_rows ORDER BY list, row_key${lock ? ' FOR UPDATE' : ''}`,
  );

function rowsByKey(file: CatalogueFile, list: DraftList): Map<string, unknown> {
  return new Map((file[list] as readonly unknown[]).map((row) => [keyOf(list, row), row]));
}

/** The catalogue with the drafted rows applied: a changed row in its place, an added one at its list's end. */
function applyDraft(live: CatalogueFile, rows: readonly StoredRow[]): CatalogueFile {
  const next: Record<string, unknown[]> = {};
  for (const list of DRAFT_LISTS) next[list] = [...(live[list] as readonly unknown[])];
  for (const stored of rows) {
    const target = next[stored.list];
    if (!target) continue;
    const at = target.findIndex((row) => keyOf(stored.list, row) === stored.row_key);
    if (at >= 0) target[at] = stored.row;
    else target.push(stored.row);
  }
  return { ...live, ...next } as unknown as CatalogueFile;
}

/** Drafted rows whose catalogue row changed since the draft first changed it (or that the catalogue has added meanwhile). */
function staleRows(live: CatalogueFile, rows: readonly StoredRow[]): StoredRow[] {
  const byList = new Map<DraftList, Map<string, unknown>>();
  return rows.filter((stored) => {
    if (!isDraftList(stored.list)) return false;
    let current = byList.get(stored.list);
    if (!current) byList.set(stored.list, (current = rowsByKey(live, stored.list)));
    const now = current.get(stored.row_key);
    if (stored.base === null) return now !== undefined;
    return now === undefined || canonical(now) !== canonical(stored.base);
  });
}

/** The draft: its rows (new or changed, and whether the catalogue changed under them), the catalogue it would publish, and that catalogue's problems. */
export async function readDraft(db: Queryable, checks: CatalogueCheckOptions = {}): Promise<CatalogueDraft> {
  const live = await exportCatalogue(db);
  const rows = await readRows(db);
  const file = applyDraft(live, rows);
  const stale = new Set(staleRows(live, rows).map((row) => `${row.list}\n${row.row_key}`));
  const [revision] = await db.query<{ revision: number }>('SELECT revision::int AS revision FROM catalogue_revision');
  const draftRows: CatalogueDraftRow[] = rows.map((stored) => ({
    list: stored.list,
    key: stored.row_key,
    row: stored.row,
    kind: stored.base === null ? 'new' : 'changed',
    stale: stale.has(`${stored.list}\n${stored.row_key}`),
    live: (rowsByKey(live, stored.list).get(stored.row_key) as Record<string, unknown> | undefined) ?? null,
    updated_by: stored.updated_by,
    updated_at: stored.updated_at,
  }));
  return {
    revision: revision?.revision ?? 0,
    rows: draftRows,
    file: file as unknown as Readonly<Record<string, unknown>>,
    problems: rows.length === 0 ? [] : await draftProblems(db, file, checks),
    diff: diffCatalogue(live, file),
    provider_pay_types: checks.payTypes ?? [],
  };
}

/** What publishing the draft would be refused for: the file's checks, pictures included. */
async function draftProblems(db: Queryable, file: CatalogueFile, checks: CatalogueCheckOptions): Promise<string[]> {
  return checkCatalogueFile(file, { ...checks, pictures: await picturesOf(db, file) });
}

/**
 * Puts one row in the draft (added, or replacing the draft's earlier version of it). A row equal to the
 * catalogue's leaves the draft. Saving a row again takes the catalogue's row of now as its base: the
 * operator saw what changed under it. Returns the row's key.
 */
export async function saveDraftRow(
  db: Db,
  actor: string,
  list: DraftList,
  row: unknown,
  audit?: (tx: Queryable, change: { key: string; before: unknown }) => Promise<void>,
): Promise<string> {
  const problems = checkDraftRow(list, row);
  if (problems.length > 0) throw new DraftRowError(problems);
  // A banner or bundle shows only a picture the store has (one of its files, or one uploaded).
  const pictures = rowPictureProblems(list, row, await pictureSource(db, uploadedAddressesOf([row])));
  if (pictures.length > 0) throw new DraftRowError(pictures.map(pictureProblemText), pictures);
  // A game's rewards meet the file's rules when saved, not only when the draft is published.
  const rewards = list === 'games' ? rewardProblemsOf(((row as { rewards?: GameRewards | null }).rewards ?? null)) : [];
  if (rewards.length > 0) throw new DraftRowError(rewards.map(rewardProblemText), [], rewards);
  const key = keyOf(list, row);
  await db.transaction(async (tx) => {
    const live = rowsByKey(await exportCatalogue(tx), list).get(key);
    const [earlier] = await tx.query<{ row: unknown }>('SELECT row FROM catalogue_draft_rows WHERE list = $1 AND row_key = $2', [list, key]);
    await audit?.(tx, { key, before: earlier?.row ?? live ?? null });
    if (live !== undefined && canonical(live) === canonical(row)) {
      await tx.query('DELETE FROM catalogue_draft_rows WHERE list = $1 AND row_key = $2', [list, key]);
      return;
    }
    await tx.query(
      `INSERT INTO catalogue_draft_rows (list, row_key, row, base, updated_by) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5)
       ON CONFLICT (list, row_key) DO UPDATE SET row = EXCLUDED.row, base = EXCLUDED.base, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [list, key, JSON.stringify(row), live === undefined ? null : JSON.stringify(live), actor],
    );
  });
  return key;
}

/** Drops the draft's addition or change of one row; false when the draft has no such row. */
export async function dropDraftRow(db: Queryable, list: DraftList, key: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM catalogue_draft_rows WHERE list = $1 AND row_key = $2 RETURNING row_key', [list, key]);
  return rows.length > 0;
}

/** Empties the draft; how many rows it held. */
export async function discardDraft(db: Queryable): Promise<number> {
  const rows = await db.query('DELETE FROM catalogue_draft_rows RETURNING row_key');
  return rows.length;
}

/** A draft that cannot be published as it is. */
export class DraftPublishError extends Error {
  constructor(
    readonly code: 'emptyDraft' | 'staleDraft',
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message);
    this.name = 'DraftPublishError';
  }
}

/**
 * Publishes the draft: in one transaction, the drafted rows are applied to the catalogue as it stands,
 * the result imported as one new revision (the import's checks, its second confirmation of large price
 * changes, the audit row) and the draft emptied. Refused, changing nothing, when the draft is empty or a
 * drafted row's catalogue row changed since it was drafted.
 */
export async function publishDraft(db: Db, cache: CatalogueCache | null, record: ImportRecord): Promise<ImportOutcome> {
  return importCatalogue(
    db,
    cache,
    async (tx: Queryable, now: CatalogueFile) => {
      const rows = await readRows(tx, true);
      if (rows.length === 0) throw new DraftPublishError('emptyDraft', 'The draft has no changes to publish');
      const stale = staleRows(now, rows);
      if (stale.length > 0) {
        throw new DraftPublishError(
          'staleDraft',
          'The catalogue changed since the draft changed these rows: open each, look at it again and save it, or drop the change',
          stale.map((row) => `${row.list}: ${row.row_key}`),
        );
      }
      // Exactly the rows published leave the draft: a row saved while this runs stays for the next publish.
      await tx.query(
        `DELETE FROM catalogue_draft_rows d USING jsonb_to_recordset($1::jsonb) AS p(list text, row_key text, updated_at timestamptz)
          WHERE d.list = p.list AND d.row_key = p.row_key AND d.updated_at = p.updated_at`,
        [JSON.stringify(rows.map(({ list, row_key, updated_at }) => ({ list, row_key, updated_at })))],
      );
      return applyDraft(now, rows);
    },
    record,
  );
}

/** Thrown to roll a preview's transaction back once the catalogue is read from it. */
class PreviewDone extends Error {}

/**
 * The catalogue as players would get it with the draft published — for operators' previews only: the
 * drafted rows are written in a transaction, the catalogue read back from it as the store reads it, and
 * the transaction rolled back, so nothing is ever committed or announced. Null when the draft is empty or
 * its rows cannot be written as they are (a draft with problems may be previewed only once they are fixed).
 */
export async function draftCatalogue(db: Db): Promise<Catalogue | null> {
  let built: Catalogue | null = null;
  try {
    await db.transaction(async (tx) => {
      const rows = await readRows(tx);
      if (rows.length === 0) return;
      const file = applyDraft(await exportCatalogue(tx), rows);
      if (checkDraftFile(file)) {
        await writeCatalogueRows(tx, file);
        const read = await loadCatalogue(tx);
        // A revision no published catalogue ever has: addresses made from it (a slide's ?r=) never name a
        // published revision, so nothing cached for a preview is served for one.
        built = { ...read, revision: -read.revision };
      }
      throw new PreviewDone();
    });
  } catch (error) {
    // Rows the tables refuse as they stand (a row naming one the draft does not have), or a lost
    // database: no preview, and the published catalogue is answered.
    if (!(error instanceof PreviewDone)) return null;
  }
  return built;
}

/** Whether a draft applied to the catalogue has the layout its tables take (the rules may still object). */
function checkDraftFile(file: CatalogueFile): boolean {
  return DRAFT_LISTS.every((list) => ((file[list] ?? []) as readonly unknown[]).every((row) => checkDraftRow(list, row).length === 0));
}

/**
 * The draft's preview catalogue, made again only when the draft or the catalogue changed (its revision,
 * the draft's rows and their last change), and at most one being made at a time.
 */
export class DraftPreviews {
  private made: { stamp: string; catalogue: Promise<Catalogue | null> } | null = null;

  constructor(private readonly db: Db) {}

  async catalogue(): Promise<Catalogue | null> {
    const [row] = await this.db.query<{ stamp: string }>(
      `SELECT (SELECT revision::text FROM catalogue_revision) || ':' || count(*)::text || ':' || coalesce(max(updated_at)::text, '') AS stamp
         FROM catalogue_draft_rows`,
    );
    const stamp = row?.stamp ?? '';
    if (this.made?.stamp !== stamp) {
      const catalogue = draftCatalogue(this.db);
      this.made = { stamp, catalogue };
      // A failed preview is made again on the next request.
      catalogue.catch(() => {
        if (this.made?.catalogue === catalogue) this.made = null;
      });
    }
    return this.made.catalogue;
  }
}
