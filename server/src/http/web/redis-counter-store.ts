import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { CounterStore } from './request-counters';

/** Longest a limit waits for Redis before letting the request through. */
const COMMAND_TIMEOUT_MS = 500;

/** Where Redis is, for the logs: never the password. */
export function describeRedis(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
  } catch {
    return 'Redis';
  }
}

export interface OpenedCounterStore extends CounterStore {
  /** Connects (a Redis that is down is logged, not fatal: limits let requests through until it is back). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One Redis client shared by every rate limit of this process (REDIS_URL). Commands are never queued
 * while it is disconnected and time out after half a second, so a Redis that is down or stuck costs a
 * request at most that, never an error. A lost connection is logged once, and its return.
 */
export function openRedisCounterStore(url: string, prefix: string, log: FastifyBaseLogger): OpenedCounterStore {
  const where = describeRedis(url);
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  });
  let lost = false;
  redis.on('error', (error: Error & { code?: string }) => {
    if (lost) return;
    lost = true;
    log.warn({ redis: where, error: error.code ?? error.message }, 'Redis of the shared rate limits is unreachable: the limits let every request through until it is back');
  });
  redis.on('ready', () => {
    if (lost) log.info({ redis: where }, 'Redis of the shared rate limits is back: the limits count again');
    lost = false;
  });
  return {
    redis,
    prefix,
    async start() {
      // A refused first connection was logged by the error handler; the client keeps retrying.
      await redis.connect().catch(() => undefined);
    },
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      redis.disconnect();
    },
  };
}
