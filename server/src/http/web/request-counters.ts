import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** Where the store's rate limits count: in each process, or in one Redis that every instance shares. */
export interface CounterStore {
  /** The shared client (REDIS_URL), or null: each process counts alone. */
  readonly redis: Redis | null;
  /** How every key starts (REDIS_PREFIX). */
  readonly prefix: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    counterStore: CounterStore;
  }
}

/** Every plugin registered after this counts in `store` (app.ts, before any limit). */
export function useCounterStore(app: FastifyInstance, store: CounterStore): void {
  app.decorate('counterStore', store);
}

/**
 * Adds @fastify/rate-limit's counters to the calling plugin (`createRateLimit`, `config.rateLimit`), in
 * the shared Redis under `<prefix>limits:<scope>:` when there is one. A Redis that does not answer lets
 * requests through (`skipOnError`): a limit against abuse is not worth refusing players; the store
 * logs that Redis is unreachable (redis-counter-store.ts).
 */
export async function registerCounters(app: FastifyInstance, scope: string): Promise<void> {
  const store = app.hasDecorator('counterStore') ? app.counterStore : null;
  const options: RateLimitPluginOptions = { global: false };
  if (store?.redis) Object.assign(options, { redis: store.redis, nameSpace: `${store.prefix}limits:${scope}:`, skipOnError: true });
  await app.register(rateLimit, options);
}

/** The client's address as every limit counts it: request.ip (the real client's behind TRUST_PROXY), an IPv6 one by its /64. */
export function clientAddressOf(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

export interface CounterOptions {
  readonly max: number;
  readonly timeWindow: number;
  /** What is counted; the client's address by default. */
  readonly key?: (request: FastifyRequest) => string;
}

/**
 * A counter of the calling plugin's limits. `name` keeps its keys apart from the plugin's other
 * counters: in Redis they all live under one prefix.
 */
export function namedCounter(app: FastifyInstance, name: string, options: CounterOptions): ReturnType<FastifyInstance['createRateLimit']> {
  const keyOf = options.key ?? clientAddressOf;
  return app.createRateLimit({ max: options.max, timeWindow: options.timeWindow, keyGenerator: (request) => `${name}:${keyOf(request)}` });
}
