import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../ops/audit';
import type { OpsIdentity } from './ops-auth';

/** The reason an operator gives for a change: required, kept in the audit log. */
export const reason = { type: 'string', minLength: 1, maxLength: 500 } as const;

/** A request key: the same request sent twice is done and recorded once. */
export const requestKey = { type: 'string', minLength: 8, maxLength: 100 } as const;

/** Who makes a request of `/ops/api` (ops-auth put the identity there before any route runs). */
export function actorOf(request: FastifyRequest): Actor {
  return (request.opsIdentity as OpsIdentity).actor;
}
