/** What the cluster benchmarks share: their prerequisites, a fresh PostgreSQL schema per cluster, and whether Redis answers. */
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { haproxyVersion } from '../src/cluster/haproxy-config';
import { POSTGRES_URL } from './each-database';

/** HAProxy's version as a figure names it ("HAProxy version 2.6.12-1+deb12u4"); throws, saying what is missing, without HAProxy or PostgreSQL. */
export async function clusterPrerequisites(): Promise<string> {
  const haproxy = haproxyVersion();
  if (!haproxy) throw new Error('HAProxy is not installed: run `bash scripts/ensure-haproxy.sh`.');
  const probe = new Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  await probe.connect().catch(() => {
    throw new Error(`No PostgreSQL answers at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')} (set BENCH_DATABASE_URL): a cluster needs one.`);
  });
  await probe.end();
  return haproxy.replace(/ - https:.*$/, '').replace(/ \d{4}\/\d{2}\/\d{2}$/, '');
}

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
