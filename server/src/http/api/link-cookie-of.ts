import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValueWith, LINK_COOKIE, LINK_LIFE_MS, linkIdsOf } from '../../players';
import type { BrowserLinks } from './action';
import { cookieOf } from './report-session';

/**
 * The link cookie (decision 304): HttpOnly (no script reads it), SameSite=Lax, for /api only,
 * Secure in production and demo mode and over HTTPS, kept for the links' 90 days. It holds signed
 * link ids and nothing about the player.
 */
export function browserLinksOf(request: FastifyRequest, reply: FastifyReply, secret: string, secureCookies: boolean): BrowserLinks {
  let ids = linkIdsOf(secret, cookieOf(request.headers.cookie, LINK_COOKIE));
  const write = () => {
    const value = ids.length ? cookieValueWith(secret, ids.slice(1), ids[0]!) : '';
    const secure = secureCookies || request.protocol === 'https' ? '; Secure' : '';
    const age = ids.length ? Math.floor(LINK_LIFE_MS / 1000) : 0;
    reply.header('set-cookie', `${LINK_COOKIE}=${value}; Path=/api; Max-Age=${age}; HttpOnly; SameSite=Lax${secure}`);
  };
  return {
    secret,
    ids: () => [...ids],
    remember(linkId) {
      ids = [linkId, ...ids.filter((id) => id !== linkId)];
      write();
    },
    forget(linkId) {
      ids = ids.filter((id) => id !== linkId);
      write();
    },
  };
}
