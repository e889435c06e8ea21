import type { Period } from './insights-period';

/** What the operator narrows the insights to; absent: everything. */
export interface InsightsFilter {
  readonly gameId?: number;
  readonly area?: string;
  /** 'phone' or 'payCentre'. */
  readonly storefront?: string;
  readonly payType?: string;
  readonly discountCode?: string;
  /** A bundle (its product id). */
  readonly productId?: string;
}

/** The filters a rollup table can apply: reports know the game, area and storefront only. */
const COLUMNS = {
  gameId: 'game_id',
  area: 'area',
  storefront: 'storefront',
  payType: 'pay_type',
  discountCode: 'discount_code',
  productId: 'product_id',
} as const satisfies Record<keyof InsightsFilter, string>;

export const REPORT_FILTERS: readonly (keyof InsightsFilter)[] = ['gameId', 'area', 'storefront'];
export const ORDER_FILTERS = Object.keys(COLUMNS) as (keyof InsightsFilter)[];

/**
 * Whether the filter narrows nothing: every game, area, storefront, pay method, code and bundle. Those
 * questions read the all-games day rollups (decision 277) unless `hours` asks for the hourly ones.
 */
export function wholeStore(filter: InsightsFilter, source: InsightsSource = {}): boolean {
  return !source.hours && ORDER_FILTERS.every((key) => filter[key] === undefined);
}

/** Which rollups a read uses: `hours` forces the hourly ones (the tests compare both). */
export interface InsightsSource {
  readonly hours?: boolean;
}

/** Whether the filter narrows by something the reports do not know (pay method, code, bundle). */
export function narrowsBeyondReports(filter: InsightsFilter): boolean {
  return ORDER_FILTERS.some((key) => !REPORT_FILTERS.includes(key) && filter[key] !== undefined);
}

/**
 * A rollup table's WHERE for a period and a filter, its values appended to `params`. An hour belongs
 * to the operator's day in which it starts (decision 272): the hours from the first day's midnight up
 * to the midnight after the last, in the time zone. `day` is the SQL of that day (a date).
 */
export function rollupWhere(period: Period, filter: InsightsFilter, keys: readonly (keyof InsightsFilter)[], params: unknown[]): { where: string; day: string } {
  const at = (value: unknown) => `$${params.push(value)}`;
  const zone = at(period.timeZone);
  const conditions = [
    `hour >= (${at(period.from)}::date::timestamp AT TIME ZONE ${zone})`,
    `hour < ((${at(period.to)}::date + 1)::timestamp AT TIME ZONE ${zone})`,
  ];
  for (const key of keys) {
    const value = filter[key];
    if (value !== undefined) conditions.push(`${COLUMNS[key]} = ${at(value)}`);
  }
  return { where: conditions.join(' AND '), day: `(hour AT TIME ZONE ${zone})::date` };
}
