import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formBody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { verifySign } from '@topup/shared/sign';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { Db } from '../db/db';
import type { GameGateway } from '../game/game-gateway';
import type { OrderServices } from '../orders/order-services';
import type { ActionInput, ApiAction } from './action';
import { AnswerCache } from './answer-cache';
import { ApiError } from './api-error';
import { apiErrorAnswer } from './error-answer';
import { message } from './messages';
import { areaFromHeader, requestLocale } from './request-locale';
import { RET } from './ret-codes';
import { API_ROUTES } from './routes-table';

export interface ApiPluginOptions {
  readonly db: Db;
  readonly catalogue: CatalogueCache;
  readonly games: GameGateway;
  readonly appKey: string;
  readonly roleLookupsPerMinute: number;
  readonly orders: OrderServices;
  /** Largest request body, in bytes. */
  readonly bodyLimit?: number;
}

/** A JSON object or a parsed form (whose object may have a bare prototype), not an array or a scalar. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/** The JSON schema Fastify validates (and coerces) a body with, after the sign check on raw values. */
function bodySchema(action: ApiAction) {
  return { type: 'object', properties: action.fields };
}

/**
 * The store API under /api: every action answers `{ ret, data, msg }`. Order of checks: rate limit
 * (role lookups), body readable, sign on the raw values, field shapes, then the action itself.
 */
export async function apiPlugin(app: FastifyInstance, options: ApiPluginOptions): Promise<void> {
  const bodyLimit = options.bodyLimit ?? 16 * 1024;
  await app.register(formBody, { bodyLimit });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(RET.RATE_LIMITED, 'rateLimited', undefined, 429),
  });

  // One counter per address shared by every lookup action: a second action is no way around it.
  const roleLookupLimit = app.rateLimit({ max: options.roleLookupsPerMinute, timeWindow: 60_000 });

  app.setErrorHandler((error, request, reply) => apiErrorAnswer(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ ret: RET.UNKNOWN_ACTION, data: null, msg: message('unknownAction', requestLocale(undefined, request.headers['accept-language'])) }),
  );

  const answers = new AnswerCache();
  const JSON_TYPE = 'application/json; charset=utf-8';

  for (const [name, action] of Object.entries(API_ROUTES)) {
    const fieldNames = Object.keys(action.fields);
    app.post(
      `/${name}`,
      {
        bodyLimit,
        schema: { body: bodySchema(action) },
        onRequest: action.roleLookup ? roleLookupLimit : [],
        preValidation: async (request: FastifyRequest) => {
          if (request.body === undefined || request.body === null || request.body === '') request.body = {};
          if (!isPlainObject(request.body)) throw new ApiError(RET.UNREADABLE_BODY, 'unreadableBody', undefined, 400);
          if (action.signed && !verifySign(request.body, options.appKey)) throw new ApiError(RET.BAD_SIGN, 'badSign');
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const input = request.body as ActionInput;
        const locale = requestLocale(input, request.headers['accept-language']);
        const headerArea = areaFromHeader(request.headers['accept-language']);
        const catalogue = await options.catalogue.get();
        const cacheKey = action.sameForEveryone?.(input)
          ? JSON.stringify([name, locale, headerArea, ...fieldNames.map((field) => input[field] ?? '')])
          : null;
        const cached = cacheKey ? answers.get(catalogue, cacheKey) : undefined;
        if (cached) return reply.type(JSON_TYPE).send(cached);
        const data = await action.handle(input, {
          catalogue,
          db: options.db,
          games: options.games,
          locale,
          headerArea,
          clientAddress: request.ip,
          orders: options.orders,
        });
        const answer = JSON.stringify({ ret: RET.OK, data, msg: message('ok', locale) });
        if (cacheKey) answers.set(catalogue, cacheKey, answer);
        return reply.type(JSON_TYPE).send(answer);
      },
    );
  }
}
