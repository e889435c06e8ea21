import fs from 'node:fs';
import path from 'node:path';
import type { SandboxRole } from '@topup/shared/types';
import { instanceName, startCluster, type StoreCluster } from '../cluster/store-cluster';
import type { StoreInstance } from '../cluster/store-instance';
import type { Db, Queryable } from '../db/db';
import { importCatalogue, type CatalogueFile } from '../catalogue/catalogue-file';
import { openPostgresDb } from '../db/postgres-db';
import { DEV_WEBHOOK_SECRET, type ReconcileSection, reconcileStore } from '../orders';
import { heldLeases } from '../fulfilment';
import { sandboxPaymentBooks } from '../sandbox/install-sandbox';
import { webhookAckLossesLeft } from '../sandbox/payments/webhook-ack-losses';
import { compareOrders, type ClientOrder, type OrderComparison } from './chaos-compare';
import { postgresBinDir, redisServerInstalled, startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from './own-services';
import { seededRandom } from './seeded-random';
import { api, createOrder, orderInfo, pay, type Answer, type Buyer } from './store-client';
import { haproxyVersion } from '../cluster/haproxy-config';

/** The faults a chaos run injects, each on its own seeded moment. */
export const FAULT_KINDS = ['postgres-restart', 'instance-kill', 'lease-kill', 'redis-kill', 'game-down', 'game-hang', 'webhook-ack-loss'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface ChaosOptions {
  readonly orders: number;
  readonly instances: number;
  readonly seed: number;
  /** Simulated players placing orders at once. */
  readonly players: number;
  /** How many of each fault. */
  readonly faults: Readonly<Record<FaultKind, number>>;
  /** The orders are spread over this long (each player waits for its turn); the faults fall inside it. */
  readonly spreadMs: number;
  /** How long a game outage or hang lasts. */
  readonly outageMs: number;
  /** DELIVERY_GIVE_UP_AFTER of the store: an outage longer than it ends in refunds. */
  readonly giveUpAfterMs: number;
  /** How long the store may take to settle after the last order and fault. */
  readonly settleMs: number;
  /** How long a player keeps retrying one request before it gives up on it. */
  readonly patienceMs: number;
  /** Webhook acknowledgements "lost" per webhook-ack-loss fault. */
  readonly lostAcks: number;
  readonly log: (line: string) => void;
}

export const DEFAULT_FAULTS: Readonly<Record<FaultKind, number>> = {
  'postgres-restart': 4,
  'instance-kill': 4,
  'lease-kill': 1,
  'redis-kill': 4,
  'game-down': 2,
  'game-hang': 2,
  'webhook-ack-loss': 3,
};

export interface FaultRecord {
  readonly kind: FaultKind;
  /** ms from the run's start. */
  startedMs: number;
  /** Date.now() at its start. */
  wallStart: number;
  endedMs: number | null;
  detail: string;
  /** ms from the fault's start until the store worked again (see the report); null: it did not. */
  healMs: number | null;
  healedBy: string;
}

export interface InstanceDeath {
  readonly name: string;
  readonly pid: number;
  readonly how: string;
  /** 'chaos SIGKILL' for the run's own kills; otherwise what its output says. */
  readonly cause: string;
  readonly atMs: number;
}

export interface ChaosResult {
  readonly options: Omit<ChaosOptions, 'log'>;
  readonly elapsedMs: number;
  readonly clients: readonly ClientOrder[];
  readonly faults: readonly FaultRecord[];
  readonly deaths: readonly InstanceDeath[];
  /** Per killed instance (by the run): whether it came back by itself, and how soon. */
  readonly comebacks: ReadonlyArray<{ readonly name: string; readonly backMs: number | null }>;
  readonly comparison: OrderComparison;
  readonly reconcile: readonly ReconcileSection[];
  /** ms the store took to settle after the orders; null: not within settleMs. */
  readonly settledMs: number | null;
  /** How the game outages were made: the store's game outage switch, or the mail failure switch. */
  readonly outageSwitch: 'game-outage' | 'mail-failures';
  /** Why the players stopped early, if they did. */
  readonly stoppedEarly: string | null;
  /**
   * After each PostgreSQL restart, a price changed straight in the database: ms until every running
   * instance served it (null: not within PRICE_WAIT_MS). The revision check on reads is an hour away, so
   * only the announcements, listening again after the restart, bring it.
   */
  readonly priceAfterRestartMs: ReadonlyArray<number | null>;
}

/** How long a price changed after a PostgreSQL restart may take to reach every instance before it counts as missed. */
const PRICE_WAIT_MS = 10_000;
/** The bundle whose price the run changes after each PostgreSQL restart: not one the players buy. */
const PRICED_BUNDLE = '18-us-currency-300';

/** ret codes whose message asks the player to try again: the game not answering (1020), the store busy (1022). */
const RETRY_RETS = new Set([1020, 1022]);
/** Between two game outages: the store shows it healed before the next. */
const OUTAGE_GAP_MS = 10_000;
/** How slow the game is while a lease kill looks for a holder: within the delivery call's time limit (2 s). */
const SLOW_GAME_MS = 1_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What is missing on this machine for a chaos run; empty when it can run. */
export function chaosProblems(): string[] {
  return [
    postgresBinDir() ? null : 'PostgreSQL binaries (initdb, pg_ctl) are not installed (set PG_BIN to their folder)',
    redisServerInstalled() ? null : 'redis-server is not installed',
    haproxyVersion() ? null : 'HAProxy is not installed (bash scripts/ensure-haproxy.sh)',
  ].filter((problem): problem is string => problem !== null);
}

/** Why an instance that the run did not kill ended, from the last of its output. */
export function deathCause(output: string, how: string): string {
  const lines = output.split('\n').filter((line) => line.trim());
  const text = lines.slice(-40).join('\n');
  if (/57P01|terminating connection due to administrator command|Connection terminated|the database system is (shutting down|starting up)|57P03|ECONNREFUSED 127\.0\.0\.1:\d+/.test(text) && !/redis/i.test(lines.slice(-3).join('\n'))) {
    return 'PostgreSQL connection lost (uncaught)';
  }
  if (/redis/i.test(text)) return 'Redis connection lost (uncaught)';
  const last = lines.filter((line) => /error|Error|fatal|FATAL/.test(line)).pop() ?? lines.pop() ?? '';
  return `exit ${how}: ${last.trim().slice(0, 160) || 'no output'}`;
}

/** Every order a player places goes to one demo character (a Buyer); they take turns. */
async function demoBuyers(url: string): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (const gameId of [18, 44, 232, 134]) {
    const body = (await (await fetch(`${url}/sandbox/roles?game_id=${gameId}`)).json()) as { data: SandboxRole[] };
    for (const role of body.data) buyers.push({ game_id: gameId, area: role.area, server_id: role.server_id, role_id: role.role_id, uid: role.uid, product_id: `${gameId}-${role.area}-currency-60` });
  }
  if (buyers.length === 0) throw new Error('the demo has no characters to buy for');
  return buyers;
}

/** The settings of every instance: the demo, short delivery timings, limits out of the players' way. */
function storeEnv(postgres: OwnPostgres, redis: OwnRedis, options: ChaosOptions): Record<string, string> {
  const unlimited = '1000000000';
  return {
    DATABASE_URL: postgres.url,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: redis.url,
    REDIS_PREFIX: `chaos-${options.seed}:`,
    NODE_ENV: 'development',
    LOG: 'warn',
    SEED_DEMO: 'on',
    DELIVERY_LEASE: '3s',
    DELIVERY_BACKOFF: '200ms,500ms,1s,2s',
    DELIVERY_GIVE_UP_AFTER: `${Math.round(options.giveUpAfterMs / 1000)}s`,
    DELIVERY_CALL_TIMEOUT: '2s',
    ROLE_LOOKUPS_PER_MINUTE: unlimited,
    ORDERS_PER_MINUTE: unlimited,
    ORDERS_PER_MINUTE_PER_CHARACTER: unlimited,
    ORDER_READS_PER_MINUTE: unlimited,
    ORDER_READS_PER_MINUTE_PER_ORDER: unlimited,
    UNPAID_ORDERS_PER_CHARACTER: unlimited,
    // A new catalogue revision reaches the instances by its announcement alone (see priceAfterRestartMs).
    CATALOGUE_CHECK_SECONDS: '3600',
  };
}

/** A request a page sends again after a network error, a 5xx, a rate limit or a "try again" answer, until `patienceMs` runs out. */
type Try<T> = { readonly done: T } | { readonly again: string } | { readonly refused: string };

class Impatient extends Error {}

/**
 * Runs the chaos: its own PostgreSQL and Redis, a cluster behind HAProxy, players placing and paying
 * orders while the seeded faults fall, then the settle, the comparison and the reconciliation.
 * Everything it started is stopped by `cleanup` (also called on its failure).
 */
export async function runChaos(options: ChaosOptions, registerCleanup: (cleanup: () => void) => void): Promise<ChaosResult> {
  const { log } = options;
  const random = seededRandom(options.seed);
  const startedAt = Date.now();
  /** Moments are told from when the players start (until then, from the run's start). */
  let origin = startedAt;
  const now = () => Date.now() - origin;

  const binDir = postgresBinDir();
  if (!binDir) throw new Error(chaosProblems().join('; '));
  log(`PostgreSQL from ${binDir}${process.getuid?.() === 0 ? ' (run as the postgres user: PostgreSQL refuses root)' : ''}…`);
  const postgres = await startOwnPostgres(binDir);
  registerCleanup(() => postgres.removeNow());
  const redis = await startOwnRedis();
  registerCleanup(() => redis.removeNow());
  log(`PostgreSQL on port ${postgres.port}, Redis on port ${redis.port}; starting ${options.instances} instances behind HAProxy…`);

  let stopping = false;
  const killedPids = new Set<number>();
  const deaths: InstanceDeath[] = [];
  const seen = new Set<StoreInstance>();
  const cluster: StoreCluster = await startCluster({ instances: options.instances, checkIntervalMs: 500, env: storeEnv(postgres, redis, options) });
  registerCleanup(() => {
    stopping = true;
    cluster.haproxy.kill('SIGKILL');
    for (const instance of cluster.instances) instance.child.kill('SIGKILL');
    // HAProxy's rendered configuration, in a folder of its own (stop() removes it; a kill does not).
    const config = cluster.haproxy.spawnargs[cluster.haproxy.spawnargs.indexOf('-f') + 1];
    if (config && path.basename(path.dirname(config)).startsWith('topup-haproxy-')) fs.rmSync(path.dirname(config), { recursive: true, force: true });
  });
  const watch = () => {
    for (const instance of cluster.instances) {
      if (seen.has(instance)) continue;
      seen.add(instance);
      const pid = instance.child.pid ?? 0;
      void instance.exited.then((how) => {
        if (stopping && !killedPids.has(pid)) return;
        const cause = killedPids.has(pid) ? 'chaos SIGKILL' : deathCause(instance.output(), String(how));
        deaths.push({ name: instance.name, pid, how: String(how), cause, atMs: now() });
        log(`${instance.name} (pid ${pid}) ended: ${cause}`);
      });
    }
  };
  watch();
  const watcher = setInterval(watch, 100);

  const db: Db = await openPostgresDb({ connectionString: postgres.url, maxConnections: 3 });
  const url = cluster.url;
  const buyers = await demoBuyers(url);
  const outageSwitch = await pickOutageSwitch(cluster);
  log(`Store at ${url}; game outages through ${outageSwitch === 'game-outage' ? 'POST /sandbox/game-outage' : 'the mail failure switch (POST /sandbox/mail-failures)'}.`);

  // ---- the players ----
  const runId = `${options.seed}-${Date.now().toString(36)}`;
  const tokenPrefix = `chaos-${runId}-`;
  const clients: ClientOrder[] = [];
  const successes: number[] = [];
  let next = 0;
  let stoppedEarly: string | null = null;
  origin = Date.now();
  const placingStarted = now();
  const patiently = async <T>(what: string, order: ClientOrder, attempt: () => Promise<Try<T>>): Promise<T> => {
    const until = Date.now() + options.patienceMs;
    let wait = 200;
    for (;;) {
      let outcome: Try<T>;
      const sent = now();
      try {
        outcome = await attempt();
      } catch (error) {
        outcome = { again: error instanceof Error ? error.message : String(error) };
      }
      if ('done' in outcome) {
        if (what === 'createOrder') successes.push(sent);
        return outcome.done;
      }
      if ('refused' in outcome) throw new Error(outcome.refused);
      if (Date.now() > until || stoppedEarly) throw new Impatient(`${what}: ${outcome.again}`);
      order.retries += 1;
      await sleep(wait);
      wait = Math.min(wait * 2, 2_000);
    }
  };
  // A page tries again after a 5xx, a rate limit, or an answer that says "try again in a moment".
  const fromAnswer = <T>(answer: Answer<T>): Try<T> =>
    answer.ret === 0
      ? { done: answer.data }
      : answer.status >= 500 || answer.status === 429 || RETRY_RETS.has(answer.ret)
        ? { again: `${answer.status} ${answer.ret} ${answer.msg}` }
        : { refused: `${answer.status} ${answer.ret} ${answer.msg}` };

  const player = async () => {
    for (;;) {
      const index = next;
      if (index >= options.orders || stoppedEarly) return;
      next += 1;
      const due = placingStarted + (index * options.spreadMs) / options.orders;
      if (due > now()) await sleep(due - now());
      const buyer = buyers[index % buyers.length]!;
      const order: ClientOrder = { index, token: `${tokenPrefix}${index}`, intent: seededRandom(options.seed * 7_919 + index).next() < 0.05 ? 'declined' : 'paid', orderId: null, refused: null, gaveUp: null, payBooked: false, seenStatus: null, retries: 0 };
      clients.push(order);
      try {
        // The same token on every try: a retried submission finds the order the first one made.
        const created = await patiently('createOrder', order, async () =>
          fromAnswer(await createOrder(url, { ...buyer, pay_type: 'card', discount_code: '', order_token: order.token }, { timeoutMs: 15_000 })),
        );
        order.orderId = created.order_id;
        await patiently('pay', order, async () => {
          const answer = await pay(url, created, order.intent, 15_000);
          await answer.arrayBuffer();
          if (answer.status === 303) return { done: true };
          return answer.status >= 500 ? { again: `checkout ${answer.status}` } : { refused: `checkout ${answer.status}` };
        });
        order.payBooked = true;
        const info = await patiently('orderInfo', order, async () => ({ done: await orderInfo(url, created.order_id, { timeoutMs: 15_000 }) }));
        order.seenStatus = info.status;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof Impatient) {
          order.gaveUp = message;
          if (!stoppedEarly && cluster.instances.every((instance) => !instance.isRunning())) {
            stoppedEarly = `every instance is down (${message}); the players stopped after ${next} orders`;
            log(`!!! ${stoppedEarly} !!!`);
          }
        } else order.refused = message;
      }
    }
  };

  // ---- the faults ----
  const faults: FaultRecord[] = [];
  const comebacks: Array<{ name: string; backMs: number | null }> = [];
  const waitingForComebacks: Array<Promise<void>> = [];
  const schedule = FAULT_KINDS.flatMap((kind) => Array.from({ length: options.faults[kind] }, () => ({ kind, atMs: Math.round(options.spreadMs * (0.05 + 0.75 * random.next())) }))).sort(
    (a, b) => a.atMs - b.atMs,
  );
  log(`Schedule (seed ${options.seed}): ${schedule.map((fault) => `${fault.kind} at ${(fault.atMs / 1000).toFixed(1)} s`).join(', ')}`);

  const killInstance = async (index: number, record: FaultRecord) => {
    const victim = cluster.instances[index]!;
    const pid = victim.child.pid ?? 0;
    killedPids.add(pid);
    await victim.kill('SIGKILL');
    record.endedMs = now();
    const name = instanceName(index);
    const comeback = (async () => {
      const until = Date.now() + 60_000;
      while (Date.now() < until && !stopping) {
        const current = cluster.instances[index];
        if (current && current !== victim && current.isRunning()) {
          const answered = await fetch(`${current.url}/healthz`, { signal: AbortSignal.timeout(1_000) }).then((response) => response.ok, () => false);
          if (answered) {
            comebacks.push({ name, backMs: now() - record.startedMs });
            record.healMs = now() - record.startedMs;
            record.healedBy = `${name} serving again`;
            return;
          }
        }
        await sleep(100);
      }
      comebacks.push({ name, backMs: null });
      record.healedBy = `${name} not back within 60 s`;
    })();
    waitingForComebacks.push(comeback);
  };
  const running = () => cluster.instances.map((instance, index) => ({ instance, index })).filter(({ instance }) => instance.isRunning());

  const priceAfterRestartMs: Array<number | null> = [];
  /** Changes a bundle's price as `npm run catalogue -- import` does (a new, announced revision) and waits until every running instance serves it. */
  const newPriceEverywhere = async (): Promise<number | null> => {
    const row = await importCatalogue(
      db,
      null,
      async (_tx: Queryable, now: CatalogueFile) => ({ ...now, bundles: now.bundles.map((bundle) => (bundle.product_id === PRICED_BUNDLE ? { ...bundle, price_minor: bundle.price_minor + 1 } : bundle)) }),
      { actor: 'chaos', reason: 'a price changed after a PostgreSQL restart', source: 'import', confirmedLargePriceChanges: true },
    ).then(async () => (await db.query<{ price_minor: number }>('SELECT price_minor FROM bundles WHERE product_id = $1', [PRICED_BUNDLE]))[0]);
    if (!row) return null;
    const expected = (row.price_minor / 100).toFixed(2);
    const changed = Date.now();
    const priceAt = async (instance: StoreInstance) => {
      const answer = await api<Array<{ product_id: string; amount: string }>>(instance.url, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' });
      return Array.isArray(answer.data) ? answer.data.find((bundle) => bundle.product_id === PRICED_BUNDLE)?.amount : undefined;
    };
    while (Date.now() - changed < PRICE_WAIT_MS) {
      const prices = await Promise.all(running().map(({ instance }) => priceAt(instance).catch(() => undefined)));
      if (prices.every((price) => price === expected)) return Date.now() - changed;
      await sleep(20);
    }
    return null;
  };

  let gameOutages: Promise<unknown> = Promise.resolve();
  let outageActive = false;
  const inject = async (kind: FaultKind) => {
    const record: FaultRecord = { kind, startedMs: now(), wallStart: Date.now(), endedMs: null, detail: '', healMs: null, healedBy: '' };
    faults.push(record);
    log(`[${(record.startedMs / 1000).toFixed(1)} s] ${kind}`);
    switch (kind) {
      case 'postgres-restart': {
        await postgres.restart();
        record.endedMs = now();
        const priceMs = await newPriceEverywhere();
        priceAfterRestartMs.push(priceMs);
        record.detail = `pg_ctl restart -m fast took ${record.endedMs - record.startedMs} ms; a price changed then was served by every instance ${priceMs === null ? `NOT within ${PRICE_WAIT_MS / 1000} s` : `after ${priceMs} ms`}`;
        break;
      }
      case 'redis-kill':
        await redis.kill();
        await sleep(2_000);
        await redis.start();
        record.endedMs = now();
        record.detail = 'SIGKILL, started again (empty) 2 s later';
        break;
      case 'instance-kill': {
        // One instance always keeps serving: a kill of the last one would end the store, not test it.
        const until = Date.now() + 60_000;
        while (running().length < 2 && Date.now() < until) await sleep(200);
        const alive = running();
        if (alive.length < 2) {
          record.detail = `not injected: ${alive.length} instance${alive.length === 1 ? '' : 's'} running`;
          break;
        }
        const { index } = alive[Math.floor(random.next() * alive.length)]!;
        record.detail = `SIGKILL ${instanceName(index)}`;
        await killInstance(index, record);
        break;
      }
      case 'lease-kill': {
        // Unless an outage holds the game already (a hang holds each lease for the call's time limit), the
        // game is made slow while it looks, so that a delivery holds its lease long enough to be seen.
        const slow = outageSwitch === 'game-outage' && !outageActive;
        if (slow) await postJson(`${url}/sandbox/game-outage`, { mode: 'slow', delay_ms: SLOW_GAME_MS });
        try {
          const holder = await findLeaseHolder(db, cluster, 30_000);
          if (!holder) {
            record.detail = 'not injected: no delivery lease seen held within 30 s';
            break;
          }
          record.detail = `SIGKILL ${instanceName(holder.index)} holding the lease of ${holder.orderId}'s ${holder.job} job${slow ? ` (the game answering ${SLOW_GAME_MS} ms late)` : ''}`;
          await killInstance(holder.index, record);
        } finally {
          // An outage that began meanwhile replaced the slow game: it ends it itself.
          if (slow && !outageActive) await setOutage(cluster, outageSwitch, 'off');
        }
        break;
      }
      case 'game-down':
      case 'game-hang':
        // One outage at a time: the switch is one, and the end of one must not end another.
        await gameOutages;
        record.startedMs = now();
        record.wallStart = Date.now();
        outageActive = true;
        await setOutage(cluster, outageSwitch, kind === 'game-down' ? 'down' : 'hang');
        await sleep(options.outageMs);
        await setOutage(cluster, outageSwitch, 'off');
        outageActive = false;
        record.endedMs = now();
        record.detail = `${kind === 'game-down' ? 'down' : 'hanging'} for ${options.outageMs / 1000} s${outageSwitch === 'mail-failures' ? ' (mail failure switch: every mail fails at once)' : ''}`;
        await sleep(Math.min(OUTAGE_GAP_MS, options.outageMs));
        break;
      case 'webhook-ack-loss': {
        await postJson(`${url}/sandbox/webhook-ack-losses`, { lose_next: options.lostAcks });
        const until = Date.now() + 60_000;
        while (Date.now() < until && (await webhookAckLossesLeft(db).catch(() => 0)) > 0) await sleep(200);
        record.endedMs = now();
        record.detail = `the answers to ${options.lostAcks} webhooks lost`;
        break;
      }
    }
  };

  const faultTasks = schedule.map(async (fault) => {
    const wait = placingStarted + fault.atMs - now();
    if (wait > 0) await sleep(wait);
    try {
      const injected = inject(fault.kind);
      if (fault.kind === 'game-down' || fault.kind === 'game-hang') gameOutages = injected.catch(() => undefined);
      await injected;
    } catch (error) {
      log(`!!! ${fault.kind} could not be injected: ${error instanceof Error ? error.message : String(error)} !!!`);
    }
  });

  await Promise.all([...Array.from({ length: options.players }, () => player()), ...faultTasks]);
  await Promise.all(waitingForComebacks);
  log(`[${(now() / 1000).toFixed(1)} s] ${clients.length} orders tried, ${clients.filter((order) => order.orderId).length} placed; letting the store settle…`);

  // ---- the settle ----
  if (!redis.isRunning()) await redis.start();
  await setOutage(cluster, outageSwitch, 'off').catch(() => undefined);
  const settleStart = Date.now();
  let settledMs: number | null = null;
  while (Date.now() - settleStart < options.settleMs) {
    if (await settled(db)) {
      settledMs = Date.now() - settleStart;
      break;
    }
    await sleep(1_000);
  }
  // What each order's page shows now, as its player would see it coming back.
  let reading = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (;;) {
        const order = clients[reading];
        reading += 1;
        if (!order) return;
        if (!order.orderId) continue;
        // Unanswered now: the page shows nothing to compare.
        order.seenStatus = await orderInfo(url, order.orderId, { timeoutMs: 10_000 }).then(
          (info) => info.status,
          () => null,
        );
      }
    }),
  );

  // ---- the books ----
  const comparison = await compareOrders(db, tokenPrefix, clients);
  await healTimes(db, faults, successes);
  const reconcile = await reconcileStore(db, { provider: sandboxPaymentBooks(db, DEV_WEBHOOK_SECRET), giveUpAfterMs: options.giveUpAfterMs });
  await db.close();
  clearInterval(watcher);
  stopping = true;
  await cluster.stop();
  const { log: _log, ...shown } = options;
  return { options: shown, elapsedMs: Date.now() - startedAt, clients, faults, deaths, comebacks, comparison, reconcile, settledMs, outageSwitch, stoppedEarly, priceAfterRestartMs };
}

async function postJson(url: string, body: object): Promise<Response> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return response;
}

/** The store's game outage switch when it has one (asked of every instance), else the sandbox's mail failure switch. */
async function pickOutageSwitch(cluster: StoreCluster): Promise<'game-outage' | 'mail-failures'> {
  const instance = cluster.instances[0]!;
  const answer = await postJson(`${instance.url}/sandbox/game-outage`, { mode: 'off' });
  return answer.ok ? 'game-outage' : 'mail-failures';
}

async function setOutage(cluster: StoreCluster, through: 'game-outage' | 'mail-failures', mode: 'down' | 'hang' | 'off'): Promise<void> {
  // Either switch is one row in the database for the whole cluster: any running instance takes it.
  const [route, body] = through === 'game-outage' ? ['game-outage', { mode }] : ['mail-failures', { fail_next: mode === 'off' ? 'off' : 'always' }];
  let failure: unknown = null;
  for (const instance of cluster.instances.filter((candidate) => candidate.isRunning())) {
    try {
      if ((await postJson(`${instance.url}/sandbox/${route}`, body)).ok) return;
      failure = new Error(`${instance.name} refused ${route} ${JSON.stringify(body)}`);
    } catch (error) {
      failure = error;
    }
  }
  throw failure ?? new Error('no instance running to set the game outage');
}

/** An instance that holds a delivery job's lease now (from delivery_outbox.leased_by: host and pid). */
async function findLeaseHolder(db: Db, cluster: StoreCluster, withinMs: number): Promise<{ index: number; orderId: string; job: string } | null> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    const held = await heldLeases(db, 500).catch(() => []);
    // One instance always keeps serving (as for the other kills).
    if (cluster.instances.filter((instance) => instance.isRunning()).length < 2) return null;
    for (const row of held) {
      const pid = Number(row.leased_by.split(':').pop());
      const index = cluster.instances.findIndex((instance) => instance.child.pid === pid && instance.isRunning());
      if (index >= 0) return { index, orderId: row.order_id, job: row.job };
    }
    await sleep(10);
  }
  return null;
}

/** Nothing left to do: no job in the outbox, every webhook acknowledged (or given up), no order paid and undelivered. */
async function settled(db: Db): Promise<boolean> {
  try {
    const [row] = await db.query<{ jobs: string; unacknowledged: string; open: string }>(
      `SELECT (SELECT count(*) FROM delivery_outbox) AS jobs,
              (SELECT count(*) FROM sandbox_payments WHERE webhook_acknowledged_at IS NULL AND webhook_attempts < 50) AS unacknowledged,
              (SELECT count(*) FROM orders WHERE status IN ('paid', 'delivering')) AS open`,
    );
    return Number(row?.jobs) === 0 && Number(row?.unacknowledged) === 0 && Number(row?.open) === 0;
  } catch {
    return false;
  }
}

/**
 * How long each fault took to heal: a PostgreSQL restart or a Redis kill, until the first order
 * placed (sent) after it was over; a game outage, until the first mail the game took after it; lost
 * acknowledgements, until the last of the webhooks sent again was acknowledged. Kills are timed as
 * they happen (the instance serving again).
 */
async function healTimes(db: Db, faults: FaultRecord[], successes: readonly number[]): Promise<void> {
  const msOf = async (sql: string, params: unknown[]) => {
    const [row] = await db.query<{ ms: number | string | null }>(sql, params);
    return row?.ms === null || row?.ms === undefined ? null : Math.round(Number(row.ms));
  };
  for (const fault of faults) {
    const ended = fault.endedMs;
    if (ended === null) continue;
    // The database's clock and this process's are the same machine's.
    const wallStart = new Date(fault.wallStart);
    const wallEnd = new Date(fault.wallStart + (ended - fault.startedMs));
    if (fault.kind === 'postgres-restart' || fault.kind === 'redis-kill') {
      const first = successes.filter((sent) => sent >= ended).sort((a, b) => a - b)[0];
      fault.healMs = first === undefined ? null : first - fault.startedMs;
      fault.healedBy = first === undefined ? 'no order placed after it' : 'the first order placed after it';
    } else if (fault.kind === 'game-down' || fault.kind === 'game-hang') {
      fault.healMs = await msOf('SELECT extract(epoch FROM min(sent_at) - $1::timestamptz) * 1000 AS ms FROM sandbox_mail WHERE sent_at >= $2::timestamptz', [wallStart, wallEnd]);
      fault.healedBy = fault.healMs === null ? 'no mail taken after it' : 'the first mail the game took after it';
    } else if (fault.kind === 'webhook-ack-loss') {
      fault.healMs = await msOf(
        'SELECT extract(epoch FROM max(webhook_acknowledged_at) - $1::timestamptz) * 1000 AS ms FROM sandbox_payments WHERE webhook_attempts > 1 AND created_at BETWEEN $1::timestamptz AND $2::timestamptz',
        [wallStart, wallEnd],
      );
      fault.healedBy = fault.healMs === null ? 'no webhook sent again' : 'the last webhook sent again acknowledged';
    }
  }
}

