import { ROUTE_TABLE, type RemoteId } from '@topup/shared/contracts';
import { DESKTOP_MIN_WIDTH } from '@topup/shared/rules';

/**
 * The remote page an address shows: its route in the route table, except that `/` on a window of
 * DESKTOP_MIN_WIDTH or more is the pay centre (the shell's DesktopSwitch sends it there).
 */
export function routePageOf(hash: string, wide: boolean): { remote: RemoteId; expose: string } | null {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  const route = ROUTE_TABLE.find((r) => r.path === (wide && path === '/' ? '/pcIndex' : path));
  return route ? { remote: route.remote, expose: route.expose } : null;
}

/** The media query of a desktop-wide window (spec §9). */
export const WIDE_WINDOW_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH}px)`;

export function isWideWindow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(WIDE_WINDOW_QUERY).matches;
}
