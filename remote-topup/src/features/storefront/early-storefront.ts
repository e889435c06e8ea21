import { type Banner, type TabData } from '@topup/shared/types';
import { characterArea, initialRegion } from '@topup/shared/rules';
import { getBanners, getTab } from '@topup/shared/api';
import { readEntryQuery } from '../entry/entry-query';

/** The page's first reads, started as soon as its code arrives instead of after its first render. */
export interface StorefrontReads {
  readonly banners: Promise<Banner[]>;
  readonly tabData: Promise<TabData>;
}

/** The banners and tabs of a game's area (spec §4 initial load). */
export function readStorefront(payload: { game_id: string; area: string }, signal?: AbortSignal): StorefrontReads {
  return { banners: getBanners(payload, signal), tabData: getTab(payload, signal) };
}

/** An early read older than this is not used (the player stayed away; read afresh). */
const FRESH_MS = 10_000;

let early: { readonly key: string; readonly at: number; readonly reads: StorefrontReads } | null = null;

function warmImage(url: string): void {
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = url;
}

/**
 * Starts reading the banners and tabs for the address the player opened (`#/?game_id=…`), and
 * fetches the first banner's image as soon as its address is known: it is the page's largest image.
 * Answers nobody takes are dropped; a failed read is simply read again by the page.
 */
export function startStorefrontReads(hash: string = window.location.hash): void {
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  if ((path || '/') !== '/') return;
  const entry = readEntryQuery(new URLSearchParams(search));
  if (!entry.gameId) return;
  const area = characterArea(entry.gameId, entry.area, initialRegion(entry.gameId, entry.area, entry.region));
  const reads = readStorefront({ game_id: entry.gameId, area });
  reads.banners.then((list) => list[0] && warmImage(list[0].slideshow_url)).catch(() => undefined);
  reads.tabData.catch(() => undefined);
  early = { key: `${entry.gameId}|${area}`, at: Date.now(), reads };
}

/** The early reads for this game and area, taken once; null when there are none (or too old). */
export function takeStorefrontReads(gameId: string, area: string): StorefrontReads | null {
  const found = early;
  if (!found || found.key !== `${gameId}|${area}` || Date.now() - found.at > FRESH_MS) return null;
  early = null;
  return found.reads;
}
