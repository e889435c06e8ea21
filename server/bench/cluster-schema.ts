/** What the cluster benchmarks share: a fresh PostgreSQL schema per cluster, and whether Redis answers. */
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { POSTGRES_URL } from './each-database';

export async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** One PostgreSQL schema per cluster size: each starts from a fresh database with the demo. */
export async function inSchema<T>(name: string, work: (databaseUrl: string, countOrders: (prefix: string) => Promise<number>) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`);
  try {
    const url = new URL(POSTGRES_URL);
    url.searchParams.set('options', `-c search_path=${name}`);
    const countOrders = async (prefix: string) =>
      Number((await admin.query<{ n: string }>(`SELECT count(*) AS n FROM ${name}.orders WHERE order_token LIKE $1 || '%'`, [prefix])).rows[0]?.n ?? 0);
    return await work(url.toString(), countOrders);
  } finally {
    await admin.query(`DROP SCHEMA ${name} CASCADE`);
    await admin.end();
  }
}
