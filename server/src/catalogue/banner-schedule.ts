import type { CatalogueBanner } from './catalogue';
import { windowProblems } from './sale-window';
import { linkProblem } from './catalogue-links';

/**
 * A banner's schedule and where it may link. Players see a banner from its start (included) until its
 * end (excluded), judged at every read: the catalogue stays in memory for as long as its revision.
 */
export function bannersShownAt<T extends Pick<CatalogueBanner, 'startsAt' | 'endsAt'>>(banners: readonly T[], now: number): T[] {
  return banners.filter((banner) => (banner.startsAt === null || now >= banner.startsAt) && (banner.endsAt === null || now < banner.endsAt));
}

/** The problems of a catalogue file's banner with its window, in words. */
export function bannerWindowProblems(row: { readonly starts_at?: string | null; readonly ends_at?: string | null }): string[] {
  return windowProblems('starts_at', row.starts_at, 'ends_at', row.ends_at);
}

/** The problem with a banner's link, or null (catalogue-links.ts: a page of the store, or https on BANNER_LINK_HOSTS). */
export function bannerLinkProblem(url: string, allowedHosts: readonly string[]): string | null {
  return linkProblem(url, allowedHosts);
}
