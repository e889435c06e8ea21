import dns from 'node:dns';
import net from 'node:net';

/**
 * Where the store may connect when an address comes from outside its code (a game's server, an
 * operator's webhook): the networks that are this machine's or an internal one. Judged on the address
 * actually connected to (`guardedLookup`), so a name that resolves to a public address when saved and
 * to 127.0.0.1 when called is refused all the same (docs/security.md).
 */
const INTERNAL = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (embeds an IPv4 address)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv6 address that carries an IPv4 one (::ffff:10.0.0.1): judged as that IPv4 address. */
function unwrapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: net.isIPv6(address) ? 'ipv6' : 'ipv4' };
}

/** What an IP address is to the store: this machine's, an internal network's, a public one, or no address. */
export type AddressKind = 'loopback' | 'internal' | 'public' | 'invalid';

export function addressKind(raw: string): AddressKind {
  const { address, family } = unwrapped(raw.replace(/^\[|\]$/g, ''));
  if (!net.isIP(address)) return 'invalid';
  if (LOOPBACK.check(address, family)) return 'loopback';
  return INTERNAL.check(address, family) ? 'internal' : 'public';
}

/** Is this host name this machine (localhost, 127.x, ::1)? */
export function isLoopbackName(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || (net.isIP(bare) !== 0 && addressKind(bare) === 'loopback');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves as usual and refuses an address `problem` names (its
 * error carries `code`): the address checked is the one the connection is then made to.
 */
export function guardedLookup(problem: (address: string) => string | null, code: string) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as dns.LookupAddress[];
      const refused = list.map((entry) => problem(entry.address)).find((found) => found !== null);
      if (refused) return callback(Object.assign(new Error(refused), { code }), []);
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * The first problem `problem` finds with an address the URL's host is or resolves to, prefixed with
 * `prefix(host)`; null when every address is allowed. A name that resolves to nothing yet (not yet in
 * DNS, or no resolver here) is accepted: every connection judges the address it is made to
 * (guardedLookup).
 */
export async function resolvedAddressProblem(url: string, problem: (address: string) => string | null, prefix: (host: string) => string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return problem(host);
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    return null;
  }
  for (const { address } of addresses) {
    const found = problem(address);
    if (found) return `${prefix(host)}${found}`;
  }
  return null;
}
