import type { FastifyReply, FastifyRequest } from 'fastify';
import { DraftPublishError, DraftRowError } from '../../catalogue/catalogue-drafts';
import { CatalogueFileError, LargePriceChangeError } from '../../catalogue/catalogue-file';
import { OperationRefused, type OperationRefusal } from '../../domain-errors';
import { storeErrorAnswer } from '../web/error-answer';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The refusal of a body over the route's own limit, in the words of its own checks (else the store's). */
    tooLarge?: { readonly message: string; readonly code: string };
  }
}

/** The HTTP status each refused operation is answered with, by the back office and by `/ops/*`. */
const STATUS: Readonly<Record<OperationRefusal, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429>> = {
  invalid: 400,
  signedOut: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedType: 415,
  unacceptable: 422,
  tooMany: 429,
};

export const refusalStatus = (error: OperationRefused): number => STATUS[error.refusal];

/**
 * The back office's answers (`/ops/api/*`): `{ error, code }` with the status of the refusal; the
 * catalogue's refusals with what the console shows of them; anything else as every other route.
 */
export function backOfficeErrorAnswer(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof OperationRefused) return reply.code(refusalStatus(error)).send({ error: error.message, code: error.code });
  const known = error as { validation?: unknown; statusCode?: number; message?: string; code?: string };
  if (error instanceof CatalogueFileError) return reply.code(400).send({ error: 'The catalogue file is refused', code: 'catalogueInvalid', problems: error.problems });
  if (error instanceof DraftRowError) return reply.code(400).send({ error: error.message, code: 'rowInvalid', problems: error.problems, pictures: error.pictures, rewards: error.rewards });
  if (error instanceof DraftPublishError) return reply.code(409).send({ error: error.message, code: error.code, problems: error.problems });
  if (error instanceof LargePriceChangeError) {
    return reply.code(409).send({ error: error.message, code: 'confirmPriceChanges', price_changes: error.changes });
  }
  const tooLarge = request.routeOptions.config.tooLarge;
  if (known.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && tooLarge) return reply.code(413).send({ error: tooLarge.message, code: tooLarge.code });
  if (known.code?.startsWith('FST_CSRF')) return reply.code(403).send({ error: 'The form is out of date: reload the page', code: 'csrf' });
  if (known.validation) return reply.code(400).send({ error: known.message ?? 'The request does not have the expected shape', code: 'invalid' });
  if (known.statusCode === 429) return reply.code(429).send({ error: 'Too many requests from this address; try again later', code: 'tooMany' });
  return storeErrorAnswer(error, request, reply);
}

/** The answers of `/ops/*` (automation with the ops token): `{ error, code }` with the status of the refusal. */
export function opsTokenErrorAnswer(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof OperationRefused) return reply.code(refusalStatus(error)).send({ error: error.message, code: error.code });
  return storeErrorAnswer(error, request, reply);
}
