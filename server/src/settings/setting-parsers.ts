/**
 * The settings whose text JSON Schema cannot judge alone: each parser checks and cleans one, and its
 * errors name the setting and what it should look like.
 */

/** Fastify's `trustProxy`: nothing, a hop count, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | string;

/** "2" (hops), "10.0.0.5,10.0.0.0/8" (addresses), or nothing ("off"); "on" would trust any client's header. */
export function trustProxyFrom(name: string, value: string): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'off' || text === 'false' || text === '0') return false;
  if (/^[0-9]{1,2}$/.test(text)) return Number(text);
  if (text === 'true' || text === 'on') throw new Error(`${name}=true would believe any client's X-Forwarded-For: give the hop count or the proxies' addresses`);
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^[0-9a-fA-F.:]+(\/[0-9]{1,3})?$/.test(part) && !['loopback', 'linklocal', 'uniquelocal'].includes(part))) {
    throw new Error(`${name} must be a hop count or a list of addresses / CIDR ranges, got "${text}"`);
  }
  return parts.join(',');
}

/** `https://cdn.example.com,https://img.example.com`: bare origins, without a trailing slash. */
export function originsFrom(name: string, value: string): string[] {
  const origins = value.split(',').map((origin) => origin.trim()).filter(Boolean);
  for (const origin of origins) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new Error(`${name} must list origins such as https://cdn.example.com, got "${origin}"`);
    }
    if (parsed.origin !== origin.replace(/\/$/, '') || !/^https?:$/.test(parsed.protocol)) {
      throw new Error(`${name} must list bare origins (scheme://host[:port]), got "${origin}"`);
    }
  }
  return origins.map((origin) => origin.replace(/\/$/, ''));
}

/** `shop.example.com,events.example.com`: host names only, lower case. */
export function hostsFrom(name: string, value: string): string[] {
  const hosts = value.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
  const wrong = hosts.find((host) => !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(host));
  if (wrong !== undefined) throw new Error(`${name} must list host names such as events.example.com, got "${wrong}"`);
  return hosts;
}

/** The store's public address without its trailing slashes: `https://shop.example.com`. */
export function publicUrlFrom(name: string, value: string): string {
  const text = value.trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(text)) throw new Error(`${name} must be the store's address such as https://shop.example.com, got "${text}"`);
  return text;
}

/** An http(s) address such as `http://127.0.0.1:12111`. */
export function urlFrom(name: string, value: string): URL {
  try {
    const url = new URL(value);
    if (/^https?:$/.test(url.protocol)) return url;
  } catch {
    /* said below */
  }
  throw new Error(`${name} must be an http:// or https:// address, got "${value}"`);
}

/** The store's pay types → Stripe's payment method types: `{"card":["card"],"wallet":["card","paypal"]}`. */
export function payMethodsFrom(name: string, value: string): Record<string, readonly string[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(`${name} must be JSON like {"card":["card"],"wallet":["card","paypal"]}`);
  }
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((types) => Array.isArray(types) && types.length > 0 && types.every((type) => typeof type === 'string' && /^[a-z_]+$/.test(type)));
  if (!valid) throw new Error(`${name} must map each pay type to a non-empty list of Stripe payment method types`);
  return parsed as Record<string, readonly string[]>;
}
