import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain-errors';
import { DatabaseUnavailableError } from '../../db/database-unavailable';
import { ApiError } from './api-error';
import { answerOfDomainError } from './domain-error-answers';
import { message } from './messages';
import type { GameRules } from '@topup/shared/rules';
import { requestLocale } from './request-locale';
import { RET } from './ret-codes';

interface ValidationIssue {
  instancePath?: string;
  params?: { missingProperty?: string };
}

/** The field a schema refusal is about, e.g. "/game_id" → "game_id". */
function fieldOf(issues: readonly ValidationIssue[] | undefined): string {
  const issue = issues?.[0];
  const path = issue?.instancePath?.replace(/^\//, '').split('/')[0] ?? '';
  return path || issue?.params?.missingProperty || 'body';
}

/** What a thrown error becomes on the wire: an ApiError as itself, a domain refusal by its ret code, anything else by its kind. */
function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return answerOfDomainError(error);
  if (error instanceof DatabaseUnavailableError) return new ApiError(RET.STORE_BUSY, 'storeBusy', undefined, 503);
  const fastifyError = error as Partial<FastifyError> & { validation?: ValidationIssue[] };
  if (fastifyError.validation) return new ApiError(RET.INVALID_PARAMETER, 'invalidParameter', fieldOf(fastifyError.validation));
  const status = fastifyError.statusCode ?? 500;
  if (status === 413) return new ApiError(RET.BODY_TOO_LARGE, 'bodyTooLarge', undefined, 413);
  if (status >= 400 && status < 500) return new ApiError(RET.UNREADABLE_BODY, 'unreadableBody', undefined, status);
  return null;
}

/**
 * Answers any failure as `{ ret, data: null, msg }` in the request's language. Our own faults
 * are logged with their context and answered without details (no stack trace leaves the server).
 */
export function apiErrorAnswer(error: unknown, request: FastifyRequest, reply: FastifyReply, rules?: GameRules): FastifyReply {
  const locale = requestLocale(request.body, request.headers['accept-language'], rules);
  const known = toApiError(error);
  if (known) {
    if (known.statusCode === 429 || known.statusCode === 503) reply.header('Cache-Control', 'no-store');
    if (known.statusCode === 503) {
      reply.header('Retry-After', '2');
      request.log.warn({ err: error, url: request.url }, 'the database is unavailable: answered "try again"');
    }
    return reply.code(known.statusCode).send({ ret: known.ret, data: null, msg: message(known.messageKey, locale, known.field) });
  }
  request.log.error({ err: error, url: request.url }, 'store API action failed');
  return reply.code(500).send({ ret: RET.SERVER_ERROR, data: null, msg: message('serverError', locale) });
}
