import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser's report session (decision 278): a random id in a first-party cookie the report route
 * sets itself, so that the pages send no id and carry no code for it. HttpOnly (no script reads it),
 * SameSite=Lax, for /api only, gone when the browser closes; Secure over HTTPS. It names nothing about
 * the player and is never joined to orders, characters or addresses.
 */
export const REPORT_SESSION_COOKIE = 'topup_rs';

/** What the store makes (22 characters of base64url); anything else a client sends is replaced. */
const SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieOf(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The request's report session: its cookie's, or a new one set on the answer. */
export function reportSessionOf(request: FastifyRequest, reply: FastifyReply): string {
  const found = cookieOf(request.headers.cookie, REPORT_SESSION_COOKIE);
  if (found !== null && SHAPE.test(found)) return found;
  const session = randomBytes(16).toString('base64url');
  reply.header('set-cookie', `${REPORT_SESSION_COOKIE}=${session}; Path=/api; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`);
  return session;
}
