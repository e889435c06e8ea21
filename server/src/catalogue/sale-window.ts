import type { Catalogue, CatalogueBundle } from './catalogue';

/**
 * Where a bundle's sale window stands at `now` (ms): on sale from its start (included) until its end
 * (excluded). Judged at every read, since the catalogue stays in memory for as long as its revision.
 */
export type SaleState = 'notYet' | 'onSale' | 'over';

export function saleState(bundle: Pick<CatalogueBundle, 'saleStartsAt' | 'saleEndsAt'>, now: number): SaleState {
  if (bundle.saleStartsAt !== null && now < bundle.saleStartsAt) return 'notYet';
  if (bundle.saleEndsAt !== null && now >= bundle.saleEndsAt) return 'over';
  return 'onSale';
}

export function onSale(bundle: Pick<CatalogueBundle, 'saleStartsAt' | 'saleEndsAt'>, now: number): boolean {
  return saleState(bundle, now) === 'onSale';
}

/**
 * How many of the catalogue's sale starts and ends have passed at `now`: two reads of one catalogue
 * with the same number offer the same bundles, so an answer made for one may be kept for the other.
 */
export function saleMoment(catalogue: Pick<Catalogue, 'saleChanges'>, now: number): number {
  let passed = 0;
  for (const change of catalogue.saleChanges) {
    if (change > now) break;
    passed += 1;
  }
  return passed;
}

/** Written once for every table the catalogue file lists (its discount codes too). */
export { isoTimeSql } from '../db/iso-time-sql';

/** A time of a catalogue file (its layout checked by the schema) in ms, or null when it is no day of the calendar (30 February). */
export function calendarTime(iso: string): number | null {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return Date.parse(iso);
}

/**
 * The problems of a window of a catalogue file's row (a bundle's sale, a banner's showing), in words:
 * each end a day of the calendar, the end after the start; a null end is open.
 */
export function windowProblems(startField: string, start: string | null | undefined, endField: string, end: string | null | undefined): string[] {
  const problems: string[] = [];
  const starts = start ? calendarTime(start) : null;
  const ends = end ? calendarTime(end) : null;
  if (start && starts === null) problems.push(`${startField} ${start} is no day of the calendar`);
  if (end && ends === null) problems.push(`${endField} ${end} is no day of the calendar`);
  if (starts !== null && ends !== null && ends <= starts) problems.push(`${endField} (${end}) must be after ${startField} (${start})`);
  return problems;
}

/** The problems of a catalogue file's bundle with its sale window and its limit's period, in words. */
export function bundleSaleProblems(row: {
  readonly sale_starts_at: string | null;
  readonly sale_ends_at: string | null;
  readonly role_buy_limit: number;
  readonly role_buy_limit_period: string;
}): string[] {
  const problems = windowProblems('sale_starts_at', row.sale_starts_at, 'sale_ends_at', row.sale_ends_at);
  if (row.role_buy_limit_period !== 'ever' && row.role_buy_limit === 0) {
    problems.push(`a role_buy_limit_period of "${row.role_buy_limit_period}" needs a role_buy_limit above 0 (0 is no limit)`);
  }
  return problems;
}
