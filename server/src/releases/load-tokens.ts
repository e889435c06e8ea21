import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { Signer } from './signing-key';

/**
 * What a page load's health token says: the store served this browser (its canary bucket) these
 * versions, until `expires`. Signed, so a report can only count a load the store served; its id
 * counts once per app (release-health.ts), so a replayed token counts nothing.
 */
export interface LoadToken {
  readonly id: string;
  /** Seconds since 1970 after which the token counts nothing. */
  readonly expires: number;
  /** The browser's canary bucket (its `topup_bucket` cookie), null when it had none. */
  readonly bucket: number | null;
  /** The version of each remote the registry answer named, previews left out. */
  readonly versions: Readonly<Record<string, string>>;
}

const PURPOSE = 'health-load';

export function issueLoadToken(signer: Signer, bucket: number | null, versions: Readonly<Record<string, string>>, minutes: number, now = Date.now()): string {
  const token: LoadToken = { id: randomBytes(12).toString('base64url'), expires: Math.floor(now / 1000) + minutes * 60, bucket, versions };
  const body = Buffer.from(JSON.stringify([token.id, token.expires, token.bucket, token.versions])).toString('base64url');
  return `${body}.${signer.sign(PURPOSE, body)}`;
}

/** The token's claims when the store signed it and it has not expired; null for anything else. */
export function readLoadToken(signer: Signer, token: unknown, now = Date.now()): LoadToken | null {
  if (typeof token !== 'string' || token.length > 1_000) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || !signer.verify(PURPOSE, body, signature)) return null;
  try {
    const [id, expires, bucket, versions] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [string, number, number | null, Record<string, string>];
    if (typeof id !== 'string' || typeof expires !== 'number' || expires * 1000 < now || !versions || typeof versions !== 'object') return null;
    return { id, expires, bucket: typeof bucket === 'number' ? bucket : null, versions };
  } catch {
    return null;
  }
}

/**
 * The network an address belongs to, as one key: its /24 for IPv4, its /64 for IPv6 (an IPv4 address
 * written as IPv6, ::ffff:a.b.c.d, is IPv4). One network's loads are capped per window.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (isIP(ip) === 4) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(ip) !== 6) return `other:${ip.slice(0, 64)}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group || '0', 16).toString(16)).join(':')}::/64`;
}
