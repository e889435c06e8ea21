import { localStore } from '@topup/shared/store';

/**
 * What a game app that embeds the store may offer the page: its own name for where the player
 * came from (spec §2 "a helper"). Absent in a plain browser.
 */
export interface StoreHelper {
  getFrom?: () => string | null | undefined;
}

declare global {
  interface Window {
    TopUpHelper?: StoreHelper;
  }
}

function fromHelper(): string {
  try {
    const value = window.TopUpHelper?.getFrom?.();
    return typeof value === 'string' ? value.trim() : '';
  } catch {
    return '';
  }
}

/**
 * Spec §2: the optional `from` of the Voucher Center, read from the address query, otherwise from
 * the embedding app's helper. A `from` found is remembered for the pages that follow.
 */
export function readFrom(query: URLSearchParams): string {
  const from = (query.get('from') ?? '').trim() || fromHelper();
  if (from) localStore.set('from', from);
  return from;
}

/**
 * The area whose language and prices the list asks for: the address's `area` (remembered, since the
 * Family B wrapper sends the stored area as ACCEPT-LANGUAGE), otherwise the one stored before.
 */
export function rememberArea(query: URLSearchParams): void {
  const area = (query.get('area') ?? '').trim().toLowerCase();
  if (/^[a-z_-]{1,16}$/.test(area)) localStore.set('area', area);
}
