import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formBody from '@fastify/formbody';
import { verifySign } from '@topup/shared/sign';
import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import type { Catalogue } from '../../catalogue/catalogue';
import { saleMoment } from '../../catalogue/sale-window';
import type { Db } from '../../db/db';
import type { GameGateway } from '../../game/game-gateway';
import type { OrderServices } from '../../orders';
import { areaFromHeader } from '../web/accept-language';
import { registerCounters } from '../web/request-counters';
import type { ActionInput, ApiAction } from './action';
import { AnswerCache } from './answer-cache';
import { ApiError } from './api-error';
import { apiErrorAnswer } from './error-answer';
import type { LimitSettings } from './limit-settings';
import { message } from './messages';
import { requestLocale } from './request-locale';
import { actionLimits } from './request-limits';
import { reportSessionOf } from './report-session';
import { browserLinksOf } from './link-cookie-of';
import { browserVisitorOf } from './visitor-cookie-of';
import type { RunningExperiments } from '../../experiments';
import { RET } from './ret-codes';
import { API_ROUTES } from './routes-table';

export interface ApiPluginOptions {
  readonly db: Db;
  readonly catalogue: CatalogueCache;
  readonly games: GameGateway;
  readonly appKey: string;
  readonly roleLookupsPerMinute: number;
  /** Limits of the order actions per address and per character or order. */
  readonly limits: LimitSettings;
  readonly orders: OrderServices;
  /** Hosts banner and customer-service links may lead to (BANNER_LINK_HOSTS); none when absent. */
  readonly linkHosts?: readonly string[];
  /** Largest request body, in bytes. */
  readonly bodyLimit?: number;
  /**
   * The draft's catalogue for a request carrying a live operator's preview cookie (docs/catalogue.md,
   * "Preview"), or null: every other request — every player's — gets the published catalogue.
   */
  readonly preview?: (request: FastifyRequest) => Promise<Catalogue | null>;
  /** HMAC key of the link cookies and ownership codes (PLAYER_LINK_SECRET). */
  readonly playerLinkSecret: string;
  /** The link and visitor cookies are Secure (production and demo mode); over HTTPS they always are. */
  readonly secureCookies: boolean;
  /** The running offer experiments held in memory (decision 309); absent: none is shown or charged. */
  readonly experiments?: RunningExperiments;
}

/** The actions that only read the catalogue: the ones a preview answers from the draft. Orders, lookups and reports always use the published catalogue. */
const PREVIEWED = new Set([
  'banners',
  'getTab',
  'getPayPrice',
  'getServerList',
  'getPayGameList',
  'custUrl',
  'pcpay/payCenterList',
  'pcpay/priceList',
  'pcpay/serverList',
  'pcpay/banner',
  'pcpay/priceTab',
  'pcpay/customerConfig',
  'pcpay/getPcszGameList',
  'pcpay/getPcszServerList',
]);

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
 * The store API under /api: every action answers `{ ret, data, msg }`. Order of checks: rate limits
 * per address (role lookups, order actions), body readable, sign on the raw values, field shapes,
 * rate limits per character or order, then the action itself.
 */
export async function apiPlugin(app: FastifyInstance, options: ApiPluginOptions): Promise<void> {
  const bodyLimit = options.bodyLimit ?? 16 * 1024;
  await app.register(formBody, { bodyLimit });
  // Counters only: request-limits.ts decides which actions count and answers the refusal.
  await registerCounters(app, 'api');

  // One counter per address shared by every lookup action (placing an order looks one up too): a
  // second action is no way around it.
  const limitsOf = actionLimits(app, options.limits, options.roleLookupsPerMinute);

  app.setErrorHandler((error, request, reply) => apiErrorAnswer(error, request, reply, options.catalogue.peek()?.rules));
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ ret: RET.UNKNOWN_ACTION, data: null, msg: message('unknownAction', requestLocale(undefined, request.headers['accept-language'])) }),
  );

  const answers = new AnswerCache();
  const JSON_TYPE = 'application/json; charset=utf-8';

  for (const [name, action] of Object.entries(API_ROUTES)) {
    const fieldNames = Object.keys(action.fields);
    const limits = limitsOf(action);
    app.post(
      `/${name}`,
      {
        bodyLimit,
        schema: { body: bodySchema(action) },
        // Each field's schema refuses a NUL byte or broken text itself, naming the field (ret 1003).
        config: { checksOwnText: true },
        onRequest: limits.onRequest,
        preValidation: async (request: FastifyRequest) => {
          if (request.body === undefined || request.body === null || request.body === '') request.body = {};
          if (!isPlainObject(request.body)) throw new ApiError(RET.UNREADABLE_BODY, 'unreadableBody', undefined, 400);
          if (action.signed && !verifySign(request.body, options.appKey)) throw new ApiError(RET.BAD_SIGN, 'badSign');
        },
        preHandler: limits.preHandler,
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const input = request.body as ActionInput;
        const preview = options.preview && PREVIEWED.has(name) ? await options.preview(request) : null;
        const catalogue = preview ?? (await options.catalogue.get());
        if (preview) void reply.header('cache-control', 'no-store');
        const locale = requestLocale(input, request.headers['accept-language'], catalogue.rules);
        const headerArea = areaFromHeader(request.headers['accept-language']);
        const now = options.catalogue.now();
        // A bundle's sale starting or ending changes the answers of one catalogue: each such moment has its own.
        // A price read of a game with a running offer experiment depends on the visitor: it is not kept.
        const experiments = options.experiments ? await options.experiments.ready() : undefined;
        const cacheKey = action.sameForEveryone?.(input, experiments)
          ? JSON.stringify([name, locale, headerArea, saleMoment(catalogue, now), ...fieldNames.map((field) => input[field] ?? '')])
          : null;
        const cached = cacheKey ? answers.get(catalogue, cacheKey) : undefined;
        if (cached) return reply.type(JSON_TYPE).send(cached);
        const data = await action.handle(input, {
          catalogue,
          now,
          db: options.db,
          games: options.games,
          locale,
          headerArea,
          clientAddress: request.ip,
          orders: options.orders,
          linkHosts: options.linkHosts ?? [],
          storefront: name.startsWith('pcpay/') ? 'payCentre' : 'phone',
          reportSession: () => reportSessionOf(request, reply),
          links: browserLinksOf(request, reply, options.playerLinkSecret, options.secureCookies),
          visitor: browserVisitorOf(request, reply, options.playerLinkSecret, options.secureCookies),
          experiments,
        });
        const answer = JSON.stringify({ ret: RET.OK, data, msg: message('ok', locale) });
        if (cacheKey) answers.set(catalogue, cacheKey, answer);
        return reply.type(JSON_TYPE).send(answer);
      },
    );
  }
}
