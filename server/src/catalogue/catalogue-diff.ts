import type { CatalogueDiff, PriceChange } from '@topup/shared/types';
import type { CatalogueFile } from './catalogue-file-shape';

export type { CatalogueDiff, PriceChange } from '@topup/shared/types';

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

/** What importing `next` over `now` would add and change, and every price it would change. */
export function diffCatalogue(now: CatalogueFile, next: CatalogueFile): CatalogueDiff {
  const lists: Record<string, { added: number; changed: number }> = {};
  for (const list of Object.keys(ROW_KEYS) as (keyof typeof ROW_KEYS)[]) {
    const keyOf = ROW_KEYS[list] as (row: unknown) => string;
    // A file without discount codes leaves the store's as they are: it adds and changes none.
    const current = new Map(((now[list] ?? []) as readonly unknown[]).map((row) => [keyOf(row), canonical(row)]));
    let added = 0;
    let changed = 0;
    for (const row of (next[list] ?? []) as readonly unknown[]) {
      const before = current.get(keyOf(row));
      if (before === undefined) added += 1;
      else if (before !== canonical(row)) changed += 1;
    }
    lists[list] = { added, changed };
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
