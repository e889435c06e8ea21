import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { configFrom, REPO_ROOT } from '../config';
import { processSettings } from '../settings/environment';
import { clusterProblems, startCluster, type StoreCluster } from '../cluster/store-cluster';
import { describeDb } from '../db/open-db';
import { describeRedis } from '../http/web/redis-counter-store';

/** Where the n-th instance (from 0) listens: after the balancer's port, clear of its neighbours. */
const instancePort = (port: number, index: number) => port + 11 + index;

/**
 * `npm run cluster`: the built store as INSTANCES instances (default 3) on the PostgreSQL at
 * DATABASE_URL and the Redis at REDIS_URL, behind HAProxy at HOST:PORT (default 127.0.0.1:8080, as
 * `npm start`). Builds what has no build yet, migrates once, then starts the instances and the
 * balancer; restarts an instance that exits; SIGHUP restarts them all in turn (a rolling restart); Ctrl-C (or
 * SIGTERM) stops them all. docs/operations.md, "Run a cluster".
 */
async function main(): Promise<number> {
  const settings = processSettings();
  const problems = clusterProblems(settings);
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    return 1;
  }
  const instances = settings.INSTANCES;
  const config = configFrom(settings);
  if (!config.redisUrl) {
    console.warn('!!! No REDIS_URL: each instance counts the rate limits alone, so the cluster allows each limit once per instance. Set REDIS_URL=redis://127.0.0.1:6379 !!!');
  }
  const built = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-missing.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) return built.status ?? 1;

  const port = config.port || 8080;
  let cluster: StoreCluster | null = null;
  let stopping = false;
  const stop = async (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`${why}: stopping the balancer, then every instance…`);
    await cluster?.stop();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal, 0));

  cluster = await startCluster({
    instances,
    host: config.host,
    port,
    instancePorts: Array.from({ length: instances }, (_, index) => instancePort(port, index)),
    onLine: (source, line) => console.log(`[${source}] ${line}`),
  });
  const running = cluster;
  // An instance that exits is started again by the cluster itself, with backoff (it says so).
  void running.haproxyExited.then((how) => stop(`HAProxy stopped (${how})`, 1));
  // SIGHUP: restart every instance in turn, each drained first, the store serving throughout.
  let rolling: Promise<void> | null = null;
  process.on('SIGHUP', () => {
    if (rolling || stopping) return;
    console.log('SIGHUP: rolling restart of every instance…');
    rolling = running
      .rollingRestart()
      .then(() => console.log('Rolling restart done.'), (error: unknown) => console.error(`!!! Rolling restart failed: ${error instanceof Error ? error.message : error} !!!`))
      .finally(() => (rolling = null));
  });

  console.log(
    [
      '',
      `TopUp Store cluster is running at ${running.url}/ (HAProxy, round robin over ${instances} instances)`,
      ...running.instances.map((instance) => `  ${instance.name}  ${instance.url}/`),
      `Data: ${describeDb(config)}; rate limits: ${config.redisUrl ? describeRedis(config.redisUrl) : 'per instance (no REDIS_URL)'}.`,
      `An instance that exits is started again. Rolling restart: kill -HUP ${process.pid}. Ctrl-C stops them all.`,
      '',
    ].join('\n'),
  );
  return new Promise<number>(() => undefined);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
