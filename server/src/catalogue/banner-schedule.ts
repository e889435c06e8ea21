import type { CatalogueBanner } from './catalogue';
import { windowProblems } from './sale-window';

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

/**
 * The problem with a banner's link, or null: a page of the store (`/#/prod?…`, `#/pcIndex`; never `//host`,
 * which leaves the store) or an https address on a host of `allowedHosts` (BANNER_LINK_HOSTS).
 */
export function bannerLinkProblem(url: string, allowedHosts: readonly string[]): string | null {
  if (/^\/(?![/\\])/.test(url) || url.startsWith('#/')) return null;
  const elsewhere = `the link ${url} must be a page of the store (starting with a single /) or an https:// address`;
  let link: URL;
  try {
    link = new URL(url);
  } catch {
    return elsewhere;
  }
  if (link.protocol !== 'https:') return elsewhere;
  if (link.username || link.password) return `the link ${url} must not carry a user name or password`;
  if (!allowedHosts.map((host) => host.toLowerCase()).includes(link.hostname)) {
    return allowedHosts.length === 0
      ? `the link goes to ${link.hostname}: banners link only to the store's own pages unless BANNER_LINK_HOSTS lists the host`
      : `the link goes to ${link.hostname}, which is not among the hosts banners may link to (BANNER_LINK_HOSTS: ${allowedHosts.join(', ')})`;
  }
  return null;
}
