import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';

/**
 * Who places an order, as far as the store can tell: the client's address as the rate limits count
 * it (request.ip, the real client's behind TRUST_PROXY; an IPv6 one by its /64), hashed so that the
 * orders table does not list addresses. Pseudonymous, not anonymous: an IPv4 address can be found
 * again by hashing them all. Nothing the client sends (a cookie, a token) is part of it: a stranger
 * would send a new one with every order (decision 259).
 */
export function buyerKey(clientAddress: string): string {
  return createHash('sha256').update(`topup-buyer:${normalizeIP(clientAddress)}`).digest('base64url').slice(0, 22);
}
