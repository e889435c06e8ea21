import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import SCHEMA from './catalogue-file.schema.json';

/**
 * A catalogue file's layout checked against its JSON Schema in bounded time, a slice at a time: the
 * store goes on answering other requests while a large file is checked (docs/security.md, "Catalogue
 * files"). The file's frame (its lists and their lengths) is checked first, so a list over its maximum
 * is refused before any of its rows is looked at; then each row against its list's schema, in slices
 * that give way to other work. Every check is linear in the file's size.
 */

/** The largest catalogue file a store reads: the demo's is about 0.55 MB. */
export const MAX_CATALOGUE_FILE_BYTES = 10 * 1024 * 1024;

/** The problems a check lists; the rest are counted. */
export const LISTED_PROBLEMS = 100;

/** Rows checked between two chances for other work to run. */
const ROWS_PER_SLICE = 200;

const LIST_NAMES = ['games', 'game_areas', 'servers', 'product_tabs', 'pay_types', 'bundles', 'banners', 'store_settings', 'discount_codes', 'post_purchase_offers'] as const;
type ListName = (typeof LIST_NAMES)[number];

type ListSchema = { maxItems: number; items: object };
const properties = SCHEMA.properties as unknown as Record<ListName, ListSchema> & Record<string, object>;

/** Each list's maximum number of rows, from the schema. */
export const MAX_ROWS: Readonly<Record<ListName, number>> = Object.fromEntries(LIST_NAMES.map((list) => [list, properties[list].maxItems])) as Record<ListName, number>;

// useDefaults: a field a file may leave out (one written before it existed) is given its default, as imported.
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, useDefaults: true });

/** The file without its rows: `format`, the lists present and no more rows than each may hold. */
const matchesFrame = ajv.compile({
  ...SCHEMA,
  $id: SCHEMA.$id.replace(/\.json$/, "-frame.json"),
  properties: Object.fromEntries(Object.entries(SCHEMA.properties).map(([name, schema]) => [name, LIST_NAMES.includes(name as ListName) ? { ...schema, items: true } : schema])),
});

/** One row of each list. */
const matchesRow = Object.fromEntries(
  LIST_NAMES.map((list) => [list, ajv.compile({ $id: SCHEMA.$id.replace(/\.json$/, `-${list}.json`), $defs: SCHEMA.$defs, ...properties[list].items })]),
) as Record<ListName, ReturnType<typeof ajv.compile>>;

/** One schema error in words: where, what, and the name or values involved. */
function schemaProblem(error: ErrorObject, prefix = ''): string {
  const params = error.params as { additionalProperty?: string; allowedValues?: unknown[]; limit?: number };
  const detail = params.additionalProperty ? ` (${params.additionalProperty})` : params.allowedValues ? ` (${params.allowedValues.join(', ')})` : '';
  const where = `${prefix}${error.instancePath}` || '(the file)';
  if (error.keyword === 'maxItems' && prefix === '' && /^\/[a-z_]+$/.test(error.instancePath)) {
    return `${where}: more rows than a catalogue file may hold (at most ${params.limit?.toLocaleString('en')})`;
  }
  return `${where}: ${error.message ?? 'is not valid'}${detail}`;
}

/** Problems found so far: the first LISTED_PROBLEMS in words, the others counted. */
export class ProblemList {
  readonly listed: string[] = [];
  count = 0;

  add(problem: string): void {
    this.count += 1;
    if (this.listed.length < LISTED_PROBLEMS) this.listed.push(problem);
  }

  /** The listed problems, and a last line with how many more there are. */
  summary(): string[] {
    const more = this.count - this.listed.length;
    return more > 0 ? [...this.listed, `… and ${more.toLocaleString('en')} more problem${more === 1 ? '' : 's'} (${this.count.toLocaleString('en')} in all)`] : [...this.listed];
  }
}

const otherWork = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The file's problems of layout, into `problems`, and its rows of the wrong layout, into `invalid`; true when
 * its frame is right (every list there, none too long), so that the rules can be checked on its other rows
 * in the same pass. Pauses (yields) between slices of rows.
 */
function* layoutChecks(value: unknown, problems: ProblemList, invalid: Set<unknown>): Generator<void, boolean> {
  if (!matchesFrame(value)) {
    for (const error of matchesFrame.errors ?? []) problems.add(schemaProblem(error));
    return false;
  }
  const file = value as Record<string, unknown>;
  let checked = 0;
  for (const list of LIST_NAMES) {
    const rows = (file[list] ?? []) as unknown[];
    const matches = matchesRow[list];
    for (let index = 0; index < rows.length; index += 1) {
      if (!matches(rows[index])) {
        invalid.add(rows[index]);
        for (const error of matches.errors ?? []) problems.add(schemaProblem(error, `/${list}/${index}`));
      }
      checked += 1;
      if (checked % ROWS_PER_SLICE === 0) yield;
    }
  }
  return true;
}

/** The layout checked at once (a file already in the store: a draft, a revision); true when its frame is right. */
export function checkLayoutNow(value: unknown, problems: ProblemList, invalid: Set<unknown>): boolean {
  const checks = layoutChecks(value, problems, invalid);
  for (;;) {
    const step = checks.next();
    if (step.done) return step.value;
  }
}

/** The layout checked a slice at a time, other requests answered in between (a file sent to the store); true when its frame is right. */
export async function checkLayoutInTurns(value: unknown, problems: ProblemList, invalid: Set<unknown>): Promise<boolean> {
  const checks = layoutChecks(value, problems, invalid);
  for (;;) {
    const step = checks.next();
    if (step.done) return step.value;
    await otherWork();
  }
}
