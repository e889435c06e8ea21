import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { namedCounter } from '../web/request-counters';
import type { ActionInput, ApiAction } from './action';
import { ApiError } from './api-error';
import type { LimitSettings } from './limit-settings';
import type { MessageKey } from './messages';
import { RET } from './ret-codes';

type Counter = ReturnType<FastifyInstance['createRateLimit']>;
type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
export type LimitKind = keyof LimitSettings;

const MINUTE = 60_000;

/** The second key of each kind: the character a purchase or a code check is for, or the order followed. */
const SECOND_KEY: Readonly<Record<LimitKind, (input: ActionInput) => string>> = {
  placeOrder: (input) => (input.role_id ? `${input.game_id ?? ''}:${input.role_id}` : ''),
  followOrder: (input) => input.order_id ?? '',
  checkCode: (input) => (input.role_id ? `${input.game_id ?? ''}:${input.role_id}` : ''),
  supportTicket: (input) => (input.email ?? '').trim().toLowerCase(),
};

/** Counts a request; past the limit it is refused with ret 1007, HTTP 429 and Retry-After. */
function limitHook(counter: Counter, messageKey: MessageKey, keyOf?: (input: ActionInput) => string): Hook {
  return async (request, reply) => {
    if (keyOf && !keyOf((request.body ?? {}) as ActionInput)) return;
    const counted = await counter(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header('retry-after', counted.ttlInSeconds);
    throw new ApiError(RET.RATE_LIMITED, messageKey, undefined, 429);
  };
}

export interface ActionLimitHooks {
  /** Before the body is read: counted per client address. */
  readonly onRequest: Hook[];
  /** After the sign and the fields: counted per character or per order. */
  readonly preHandler: Hook[];
}

/**
 * The rate limits of every action. Each counter is made once, so that the actions sharing it
 * (createOrder and pcpay/pay, every role lookup) share its count. `createRateLimit` rather than
 * the plugin's route hooks: those run once per request, and an order counts against three limits.
 */
export function actionLimits(app: FastifyInstance, settings: LimitSettings, roleLookupsPerMinute: number): (action: ApiAction) => ActionLimitHooks {
  const roleLookups = limitHook(namedCounter(app, 'roleLookups', { max: roleLookupsPerMinute, timeWindow: MINUTE }), 'rateLimited');
  const kinds = Object.keys(settings) as LimitKind[];
  const byKind = new Map(
    kinds.map((kind) => {
      const { perAddress, perKey } = settings[kind];
      const keyOf = SECOND_KEY[kind];
      const address = namedCounter(app, `${kind}.address`, { max: perAddress, timeWindow: MINUTE });
      const second = namedCounter(app, `${kind}.key`, { max: perKey, timeWindow: MINUTE, key: (request) => keyOf((request.body ?? {}) as ActionInput) });
      return [kind, { address: limitHook(address, 'tooManyRequests'), second: limitHook(second, 'tooManyRequests', keyOf) }] as const;
    }),
  );
  return (action) => {
    const limits = action.limit ? byKind.get(action.limit) : undefined;
    return {
      onRequest: [...(action.roleLookup ? [roleLookups] : []), ...(limits ? [limits.address] : [])],
      preHandler: limits ? [limits.second] : [],
    };
  };
}
