import type { CatalogueDiff, CatalogueDiffRow, CatalogueListDiff, PriceChange } from '@topup/shared/types';
import type { CatalogueFile } from './catalogue-file-shape';

export type { CatalogueDiff, CatalogueDiffRow, PriceChange } from '@topup/shared/types';

/** Price changes of more than this, either way, ask the operator for a second confirmation. */
export const LARGE_PRICE_CHANGE_PERCENT = 50;

/** Each list's row key: what names a row across revisions (and in a draft). */
export const ROW_KEYS: { readonly [K in Exclude<keyof CatalogueFile, '$schema' | 'format'>]: (row: NonNullable<CatalogueFile[K]>[number]) => string } = {
  games: (row) => String(row.game_id),
  game_areas: (row) => `${row.game_id}/${row.area}`,
  servers: (row) => `${row.game_id}/${row.server_id}`,
  product_tabs: (row) => `${row.game_id}/${row.area}/${row.type}`,
  pay_types: (row) => `${row.game_id}/${row.area}/${row.pay_type}`,
  bundles: (row) => row.product_id,
  banners: (row) => row.banner_key,
  store_settings: (row) => row.key,
  discount_codes: (row) => row.code,
  post_purchase_offers: (row) => `${row.game_id}/${row.area}`,
};

/** JSON text with object keys in order, so that two rows with the same values compare equal. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The rows of each kind a diff names per list; beyond them it counts (a diff is kept with its revision). */
export const DIFF_ROWS = 200;

type Row = Record<string, unknown>;

/** A row's name as operators know it, per list. */
function nameOf(list: string, row: Row): string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (list) {
    case 'games':
      return text((row.names as Row | undefined)?.en);
    case 'servers':
      return text(row.server_name);
    case 'pay_types':
      return text(row.name);
    case 'bundles':
      return text(row.product_name);
    case 'banners':
      return text(((row.texts as Row | undefined)?.en as Row | undefined)?.title);
    default:
      return '';
  }
}

/** What of a game's rewards changes: `rewards.tiers`, `rewards.daily_gift`…; `rewards` alone when they start or end. */
function rewardParts(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return ['rewards'];
  const was = before as Row;
  const now = after as Row;
  const parts = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((part) => canonical(was[part] ?? null) !== canonical(now[part] ?? null));
  return parts.length > 0 ? parts.map((part) => `rewards.${part}`) : ['rewards'];
}

/** Whether `after` takes `before` off sale or out of use: a bundle or code made inactive, a server closed, a banner's window closed by `at`. */
function retires(list: string, before: Row, after: Row, at: number): boolean {
  if (list === 'bundles' || list === 'discount_codes') return before.active !== false && after.active === false;
  if (list === 'servers') return before.open !== false && after.open === false;
  if (list === 'banners') {
    const closed = (row: Row) => typeof row.ends_at === 'string' && Date.parse(row.ends_at) <= at;
    return !closed(before) && closed(after);
  }
  return false;
}

/**
 * What importing `next` over `now` would add, change and retire, list by list, with each row (the first
 * DIFF_ROWS of each kind) and the fields it changes, and every price it would change. `at`: the moment a
 * banner's window is judged (a banner whose window the change closes is retired).
 */
export function diffCatalogue(now: CatalogueFile, next: CatalogueFile, at: Date = new Date()): CatalogueDiff {
  const lists: Record<string, CatalogueListDiff> = {};
  const moment = at.getTime();
  for (const list of Object.keys(ROW_KEYS) as (keyof typeof ROW_KEYS)[]) {
    const keyOf = ROW_KEYS[list] as (row: unknown) => string;
    // A file without discount codes leaves the store's as they are: it adds and changes none.
    const current = new Map(((now[list] ?? []) as readonly Row[]).map((row) => [keyOf(row), row]));
    const rows = { added: [] as CatalogueDiffRow[], changed: [] as CatalogueDiffRow[], retired: [] as CatalogueDiffRow[] };
    const counts = { added: 0, changed: 0, retired: 0 };
    const note = (kind: keyof typeof rows, entry: () => CatalogueDiffRow) => {
      counts[kind] += 1;
      if (rows[kind].length < DIFF_ROWS) rows[kind].push(entry());
    };
    for (const row of (next[list] ?? []) as readonly Row[]) {
      const key = keyOf(row);
      const before = current.get(key);
      const facts = () => ({
        key,
        name: nameOf(list, row),
        ...('game_id' in row ? { game_id: row.game_id as number | null } : {}),
        ...(typeof row.area === 'string' ? { area: row.area } : {}),
      });
      if (before === undefined) {
        note('added', () => ({ ...facts(), ...(list === 'bundles' ? { to_minor: row.price_minor as number } : {}) }));
        continue;
      }
      if (canonical(before) === canonical(row)) continue;
      const fields = [...new Set([...Object.keys(before), ...Object.keys(row)])]
        .filter((field) => canonical(before[field]) !== canonical(row[field]))
        .flatMap((field) => (list === 'games' && field === 'rewards' ? rewardParts(before.rewards, row.rewards) : [field]))
        .sort();
      const price = list === 'bundles' && before.price_minor !== row.price_minor ? { from_minor: before.price_minor as number, to_minor: row.price_minor as number } : {};
      note(retires(list, before, row, moment) ? 'retired' : 'changed', () => ({ ...facts(), fields, ...price }));
    }
    lists[list] = { ...counts, rows };
  }
  const prices = new Map(now.bundles.map((bundle) => [bundle.product_id, bundle.price_minor]));
  const priceChanges = next.bundles.flatMap((bundle): PriceChange[] => {
    const from = prices.get(bundle.product_id);
    if (from === undefined || from === bundle.price_minor) return [];
    return [
      {
        product_id: bundle.product_id,
        product_name: bundle.product_name,
        game_id: bundle.game_id,
        area: bundle.area,
        from_minor: from,
        to_minor: bundle.price_minor,
        percent: Math.round(((bundle.price_minor - from) / from) * 100),
      },
    ];
  });
  return { lists, priceChanges };
}

/** The price changes an operator must confirm a second time. */
export function largePriceChanges(diff: CatalogueDiff): PriceChange[] {
  return diff.priceChanges.filter((change) => Math.abs(change.percent) > LARGE_PRICE_CHANGE_PERCENT);
}
