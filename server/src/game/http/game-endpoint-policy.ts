import dns from 'node:dns';
import net from 'node:net';

/**
 * Which game-server addresses the store may call (docs/security.md, "Game endpoints"): https only, to a
 * host that resolves to public addresses, optionally one of an allow-list. The store never calls its
 * own machine or network for a game: no loopback, private, link-local, shared, multicast or reserved
 * address, judged on the address actually connected to (a `lookup` hook), so a name that resolves to a
 * public address when saved and to 127.0.0.1 when called is refused all the same.
 */
export interface GameEndpointPolicy {
  /** GAME_SERVER_HOSTS: the only hosts a game server may be on; empty for any public host. */
  readonly hosts: readonly string[];
  /**
   * A game server on this machine over http (the sandbox game on 127.0.0.1): only when NODE_ENV is not
   * production (development and the test suite).
   */
  readonly loopback: boolean;
}

/** Production's policy: public https hosts only. */
export const STRICT_GAME_ENDPOINTS: GameEndpointPolicy = { hosts: [], loopback: false };

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

/** Why the store may not connect to this address; null when it may. */
export function addressProblem(raw: string, policy: GameEndpointPolicy): string | null {
  const { address, family } = unwrapped(raw.replace(/^\[|\]$/g, ''));
  if (!net.isIP(address)) return `${raw} is not an address`;
  if (policy.loopback && LOOPBACK.check(address, family)) return null;
  if (INTERNAL.check(address, family)) return `${raw} is an address of this machine or an internal network: a game server is reached on a public address`;
  return null;
}

/** Why this address may not be a game server's, judged without resolving it; null when it may. */
export function endpointUrlProblem(url: string, policy: GameEndpointPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not an address`;
  }
  if (parsed.username || parsed.password) return 'the address must not carry a user name or password';
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const isLoopbackName = host === 'localhost' || (net.isIP(host) !== 0 && LOOPBACK.check(unwrapped(host).address, unwrapped(host).family));
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && policy.loopback && isLoopbackName)) {
    return policy.loopback ? 'a game server is reached over https (http only on this machine, in development)' : 'a game server is reached over https';
  }
  if (net.isIP(host)) {
    const problem = addressProblem(host, policy);
    if (problem) return problem;
  }
  if (policy.hosts.length > 0 && !policy.hosts.includes(host) && !(policy.loopback && isLoopbackName)) {
    return `${host} is not among the hosts game servers may be on (GAME_SERVER_HOSTS: ${policy.hosts.join(', ')})`;
  }
  return null;
}

/**
 * Every address the host resolves to is one the store may call; a problem otherwise. A name that resolves
 * to nothing yet (not yet in DNS, or no resolver here) is accepted: every call judges what it resolves to then.
 */
export async function resolvedHostProblem(url: string, policy: GameEndpointPolicy): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return addressProblem(host, policy);
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    return null;
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address, policy);
    if (problem) return `${host} resolves to ${problem}`;
  }
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves as usual and refuses an address the policy forbids:
 * the address checked is the one the connection is then made to.
 */
export function guardedLookup(policy: GameEndpointPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as dns.LookupAddress[];
      const refused = list.map((entry) => addressProblem(entry.address, policy)).find((problem) => problem !== null);
      if (refused) return callback(Object.assign(new Error(refused), { code: 'EGAMEADDRESS' }), []);
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
