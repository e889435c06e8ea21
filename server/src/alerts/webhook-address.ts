import net from 'node:net';
import { addressKind, isLoopbackName, resolvedAddressProblem } from '../net/outbound-address';

/**
 * Where an operator's webhook may point (docs/security.md, "Alerts"). In production: https, no user or
 * password in the address, a host whose every address is public (never this machine, a private or
 * link-local network, the cloud's metadata address), judged again on the address each call connects to.
 * In development and the test suite (`internal: true`) http and this machine's or a private network's
 * addresses are allowed, so that a test can receive its own alerts.
 */
export interface WebhookPolicy {
  readonly internal: boolean;
}

export const STRICT_WEBHOOKS: WebhookPolicy = { internal: false };

/** Why the store may not post to this IP address; null when it may. */
export function webhookAddressProblem(address: string, policy: WebhookPolicy): string | null {
  const kind = addressKind(address);
  if (kind === 'invalid') return 'not an address';
  if (kind !== 'public' && !policy.internal) return 'an address of this machine or an internal network: a webhook is reached on a public address';
  return null;
}

/** Why this address may not be a webhook's, judged without resolving it; null when it may. Never repeats the address (it may hold a token). */
export function webhookUrlProblem(url: string, policy: WebhookPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not an address';
  }
  if (url.length > 2000) return 'an address over 2,000 characters';
  if (parsed.username || parsed.password) return 'the address must not carry a user name or password';
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && policy.internal)) return 'a webhook is reached over https';
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!policy.internal && (host === 'localhost' || host.endsWith('.localhost') || isLoopbackName(host))) return webhookAddressProblem('127.0.0.1', policy);
  if (net.isIP(host)) return webhookAddressProblem(host, policy);
  return null;
}

/** Every address the host resolves to may be posted to; a name that does not resolve yet is judged at each call. */
export function resolvedWebhookProblem(url: string, policy: WebhookPolicy): Promise<string | null> {
  return resolvedAddressProblem(url, (address) => webhookAddressProblem(address, policy), () => 'the host resolves to ');
}

/** The address as the back office shows it: scheme and host only (Slack's and Discord's paths are secrets). */
export function shownWebhookUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/…`;
  } catch {
    return '…';
  }
}
