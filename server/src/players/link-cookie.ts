import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The link cookie's tokens (decision 304): `<link id>.<HMAC>` for each character this browser is
 * linked to, joined by `~`. The HMAC (SHA-256 with PLAYER_LINK_SECRET) keeps a forged or altered id
 * from ever reaching the database; the row in character_links says whether the link still holds.
 */
export const LINK_COOKIE = 'topup_link';

/** The characters one browser keeps linked at most: the newest are kept. */
export const MAX_LINKS_PER_BROWSER = 5;

const LINK_ID = /^[A-Za-z0-9_-]{22}$/;

function mac(secret: string, linkId: string): Buffer {
  return createHmac('sha256', secret).update(`character-link|${linkId}`).digest();
}

export function linkToken(secret: string, linkId: string): string {
  return `${linkId}.${mac(secret, linkId).toString('base64url')}`;
}

/** The link ids of a cookie's value whose signature holds; anything else in it is dropped. */
export function linkIdsOf(secret: string, value: string | null): string[] {
  if (!value) return [];
  const ids: string[] = [];
  for (const token of value.split('~').slice(0, MAX_LINKS_PER_BROWSER)) {
    const [linkId = '', signature = ''] = token.split('.');
    if (!LINK_ID.test(linkId)) continue;
    const given = Buffer.from(signature, 'base64url');
    const expected = mac(secret, linkId);
    if (given.length === expected.length && timingSafeEqual(given, expected)) ids.push(linkId);
  }
  return ids;
}

/** The cookie's new value: `linkId` first, then the others still held, up to the most kept. */
export function cookieValueWith(secret: string, linkIds: readonly string[], linkId: string): string {
  return [linkId, ...linkIds.filter((id) => id !== linkId)].slice(0, MAX_LINKS_PER_BROWSER).map((id) => linkToken(secret, id)).join('~');
}
