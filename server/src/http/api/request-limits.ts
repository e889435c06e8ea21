import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recipientKey } from '../../fulfilment';
import { clientAddressOf, namedCounter } from '../web/request-counters';
import type { ActionInput, ApiAction } from './action';
import { ApiError } from './api-error';
import type { LimitSettings } from './limit-settings';
import type { MessageKey } from './messages';
import { RET } from './ret-codes';

type Counter = ReturnType<FastifyInstance['createRateLimit']>;
type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
export type LimitKind = keyof LimitSettings;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * 60 * MINUTE;

type KeyOf = (input: ActionInput, request: FastifyRequest) => string;

/**
 * The second key of each kind. A character's purchases and code checks count per character and
 * client address: a stranger's requests for a character never use up the player's (decision 259).
 * An order followed counts per order id; a help-form message per mailbox it makes the store write
 * to (recipientKey), whichever address sends it; "" (not counted): no such key in the body.
 */
const SECOND_KEY: Readonly<Record<LimitKind, KeyOf>> = {
  placeOrder: (input, request) => (input.role_id ? `${input.game_id ?? ''}:${input.role_id}@${clientAddressOf(request)}` : ''),
  followOrder: (input) => input.order_id ?? '',
  checkCode: (input, request) => (input.role_id ? `${input.game_id ?? ''}:${input.role_id}@${clientAddressOf(request)}` : ''),
  supportTicket: (input) => recipientKey(input.email ?? ''),
  // Per ticket reference as the store reads it (any case, spaces around).
  ticketLookup: (input) => (input.reference ?? '').trim().toUpperCase(),
  // Per character whichever address asks: each code is a mail in that character's game mailbox.
  ownershipCode: (input) => (input.role_id ? `${input.game_id ?? ''}:${input.server_id ?? ''}:${input.role_id}` : ''),
  ownershipConfirm: (input, request) => (input.role_id ? `${input.game_id ?? ''}:${input.server_id ?? ''}:${input.role_id}@${clientAddressOf(request)}` : ''),
};

/** Counts a request; past the limit it is refused with ret 1007, HTTP 429 and Retry-After. */
function limitHook(counter: Counter, messageKey: MessageKey, keyOf?: KeyOf): Hook {
  return async (request, reply) => {
    if (keyOf && !keyOf((request.body ?? {}) as ActionInput, request)) return;
    const counted = await counter(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header('retry-after', counted.ttlInSeconds);
    throw new ApiError(RET.RATE_LIMITED, messageKey, undefined, 429);
  };
}

export interface ActionLimitHooks {
  /** Before the body is read: counted per client address. */
  readonly onRequest: Hook[];
  /** After the sign and the fields: counted per character or per order (or per recipient, a minute and a day). */
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
      const { perAddress, perKey, perKeyPerDay, perKeyPerHour, perAddressPerHour } = settings[kind];
      const keyOf = SECOND_KEY[kind];
      const key = (request: FastifyRequest) => keyOf((request.body ?? {}) as ActionInput, request);
      const address = namedCounter(app, `${kind}.address`, { max: perAddress, timeWindow: MINUTE });
      const second = namedCounter(app, `${kind}.key`, { max: perKey, timeWindow: MINUTE, key });
      const daily = perKeyPerDay ? [limitHook(namedCounter(app, `${kind}.keyDay`, { max: perKeyPerDay, timeWindow: DAY, key }), 'tooManyRequests', keyOf)] : [];
      const hourly = perKeyPerHour ? [limitHook(namedCounter(app, `${kind}.keyHour`, { max: perKeyPerHour, timeWindow: HOUR, key }), 'tooManyRequests', keyOf)] : [];
      const addressHour = perAddressPerHour ? [limitHook(namedCounter(app, `${kind}.addressHour`, { max: perAddressPerHour, timeWindow: HOUR }), 'tooManyRequests')] : [];
      return [kind, { address: [limitHook(address, 'tooManyRequests'), ...addressHour], second: [limitHook(second, 'tooManyRequests', keyOf), ...hourly, ...daily] }] as const;
    }),
  );
  return (action) => {
    const limits = action.limit ? byKind.get(action.limit) : undefined;
    return {
      onRequest: [...(action.roleLookup ? [roleLookups] : []), ...(limits ? limits.address : [])],
      preHandler: limits ? [...limits.second] : [],
    };
  };
}
