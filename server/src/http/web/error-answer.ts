import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findUncleanText } from '../../db/clean-text';
import { DatabaseUnavailableError } from '../../db/database-unavailable';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's schemas refuse unstorable text field by field: the store-wide check leaves it alone. */
    checksOwnText?: boolean;
  }
}

/** A client's mistake found before any route ran: answered 400 by every error handler. */
export class UnreadableInputError extends Error {
  readonly statusCode = 400;
  constructor(where: string) {
    super(`The ${where} holds a NUL byte or a broken character`);
    this.name = 'UnreadableInputError';
  }
}

/** The short message of a 4xx, whatever raised it (Fastify's parsers, schemas, our own checks). */
function clientMessage(error: Partial<FastifyError> & { validation?: unknown }, status: number): string {
  if (error.validation) return error.message ?? 'The request does not have the expected shape';
  if (status === 413) return 'The request body is too large';
  if (status === 415) return 'This content type is not accepted here';
  if (status === 429) return 'Too many requests from this address; please try again in a minute';
  if (error instanceof UnreadableInputError) return error.message;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is not valid JSON';
  if (error.code?.startsWith('FST_ERR_CTP')) return 'The request body could not be read';
  return status === 404 ? 'Not found' : 'The request could not be read';
}

/**
 * The one error answer of every route outside /api (which answers in its own envelope): a
 * client's mistake is a 4xx with a short message; a database out of reach is a 503 to try again; our own fault is logged and answered 500
 * without details, so no stack trace or database text ever leaves the server.
 */
export function storeErrorAnswer(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof DatabaseUnavailableError) {
    request.log.warn({ err: error, url: request.url }, 'the database is unavailable: answered 503');
    return reply.code(503).header('Retry-After', '2').header('Cache-Control', 'no-store').send({ error: 'The store is busy for a moment; please try again in a few seconds', code: 'unavailable' });
  }
  const known = error as Partial<FastifyError> & { validation?: unknown };
  const status = known.validation ? 400 : (known.statusCode ?? 500);
  if (status >= 400 && status < 500) return reply.code(status).send({ error: clientMessage(known, status) });
  request.log.error({ err: error, url: request.url }, 'request failed');
  return reply.code(500).send({ error: 'Something went wrong on our side; please try again later' });
}

/**
 * Every route: no NUL byte or lone surrogate reaches a handler through the body, the query or
 * the path (the database would refuse it with an error of its own). Routes whose schemas check
 * each field (the store API) say so with `config.checksOwnText` and answer in their own words.
 */
export function refuseUncleanInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.checksOwnText) return;
    if (findUncleanText(request.params) !== null) throw new UnreadableInputError('address');
    if (findUncleanText(request.query) !== null) throw new UnreadableInputError('query');
    if (findUncleanText(request.body) !== null) throw new UnreadableInputError('request body');
  });
}
