import net from 'node:net';
import { addressKind, guardedLookup, isLoopbackName, resolvedAddressProblem } from '../../net/outbound-address';

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

/** Why the store may not connect to this address; null when it may. */
export function addressProblem(raw: string, policy: GameEndpointPolicy): string | null {
  const kind = addressKind(raw);
  if (kind === 'invalid') return `${raw} is not an address`;
  if (policy.loopback && kind === 'loopback') return null;
  if (kind !== 'public') return `${raw} is an address of this machine or an internal network: a game server is reached on a public address`;
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
  const loopbackName = isLoopbackName(host);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && policy.loopback && loopbackName)) {
    return policy.loopback ? 'a game server is reached over https (http only on this machine, in development)' : 'a game server is reached over https';
  }
  if (net.isIP(host)) {
    const problem = addressProblem(host, policy);
    if (problem) return problem;
  }
  if (policy.hosts.length > 0 && !policy.hosts.includes(host) && !(policy.loopback && loopbackName)) {
    return `${host} is not among the hosts game servers may be on (GAME_SERVER_HOSTS: ${policy.hosts.join(', ')})`;
  }
  return null;
}

/**
 * Every address the host resolves to is one the store may call; a problem otherwise. A name that resolves
 * to nothing yet (not yet in DNS, or no resolver here) is accepted: every call judges what it resolves to then.
 */
export function resolvedHostProblem(url: string, policy: GameEndpointPolicy): Promise<string | null> {
  return resolvedAddressProblem(url, (address) => addressProblem(address, policy), (host) => `${host} resolves to `);
}

/**
 * A `lookup` for http(s).request that resolves as usual and refuses an address the policy forbids:
 * the address checked is the one the connection is then made to.
 */
export function guardedGameLookup(policy: GameEndpointPolicy) {
  return guardedLookup((address) => addressProblem(address, policy), 'EGAMEADDRESS');
}
