import type { FastifyReply, FastifyRequest } from 'fastify';
import { newVisitor, VISITOR_COOKIE, VISITOR_LIFE_SECONDS, visitorOf } from '../../experiments';
import type { BrowserVisitor } from './action';
import { cookieOf } from './report-session';

/**
 * The visitor cookie of offer experiments (decision 309): a random id signed with PLAYER_LINK_SECRET,
 * HttpOnly, SameSite=Lax, for /api only, Secure in production and demo mode and over HTTPS, kept a
 * year. A value the store did not sign (garbage, forged, another secret's) counts as no cookie: a new
 * visitor is made when a price read needs one.
 */
export function browserVisitorOf(request: FastifyRequest, reply: FastifyReply, secret: string, secureCookies: boolean): BrowserVisitor {
  let id: string | null | undefined;
  const known = () => {
    if (id === undefined) id = visitorOf(secret, cookieOf(request.headers.cookie, VISITOR_COOKIE));
    return id;
  };
  return {
    known,
    id() {
      const found = known();
      if (found !== null) return found;
      const made = newVisitor(secret);
      const secure = secureCookies || request.protocol === 'https' ? '; Secure' : '';
      reply.header('set-cookie', `${VISITOR_COOKIE}=${made.value}; Path=/api; Max-Age=${VISITOR_LIFE_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
      id = made.id;
      return made.id;
    },
  };
}
