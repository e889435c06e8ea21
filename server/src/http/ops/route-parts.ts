import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../ops/audit';
import { OperationRefused } from '../../domain-errors';
import { NOTE_MAX_LENGTH } from '../../support/desk-notes';
import type { OpsIdentity } from './ops-auth';

/** The reason an operator gives for a change: required, kept in the audit log. */
export const reason = { type: 'string', minLength: 1, maxLength: 500 } as const;

/** An internal note of the support desk: required, kept as written. */
export const noteBody = { type: 'string', minLength: 1, maxLength: NOTE_MAX_LENGTH } as const;

/** A request key: the same request sent twice is done and recorded once. */
export const requestKey = { type: 'string', minLength: 8, maxLength: 100 } as const;

/** Who makes a request of `/ops/api` (ops-auth put the identity there before any route runs). */
export function actorOf(request: FastifyRequest): Actor {
  return (request.opsIdentity as OpsIdentity).actor;
}

/** A string field of at most `maxLength` characters. */
export const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/** A query string as the back office sends it: every value a string. */
export type Query = Record<string, string | undefined>;

/** A whole number of a query ("" or none: undefined). */
export function integerOrUndefined(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new OperationRefused('invalid', `"${value}" is not a whole number`, 'badFilter');
  return number;
}

/** A date of a query ("" or none: undefined). */
export function dateOrUndefined(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (Number.isNaN(Date.parse(value))) throw new OperationRefused('invalid', `"${value}" is not a date`, 'badFilter');
  return value;
}
