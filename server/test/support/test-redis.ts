import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** The Redis of the shared-limit tests: TEST_REDIS_URL, or the one a developer machine runs locally. */
export const testRedisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * Whether that Redis answers PING, asked before the tests are declared (jest declares them
 * synchronously), from a short child process.
 */
export function redisAnswers(url: string = testRedisUrl): boolean {
  const probe = `
    const { Redis } = require(process.argv[2]);
    const redis = new Redis(process.argv[1], { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    redis.connect().then(() => redis.ping()).then((pong) => { redis.disconnect(); process.exit(pong === 'PONG' ? 0 : 1); }, () => process.exit(1));
  `;
  const result = spawnSync(process.execPath, ['-e', probe, url, require.resolve('ioredis')], { timeout: 5_000, stdio: 'ignore' });
  return result.status === 0;
}

/** A key prefix of its own for this test file's run, so that runs side by side never share a counter. */
export function uniqueRedisPrefix(): string {
  return `topup-test:${process.pid}-${randomBytes(4).toString('hex')}:`;
}
