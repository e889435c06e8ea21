import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config';
import { apiPlugin } from './api/api-plugin';
import { assetRoutes } from './assets/asset-routes';
import { bannerSlideRoutes } from './assets/banner-slide-routes';
import { catalogueAssetRoutes } from './assets/catalogue-asset-routes';
import { CatalogueCache } from '../catalogue/catalogue-cache';
import type { Db } from '../db/db';
import type { GameGateway } from '../game/game-gateway';
import { remoteSourceOf, type RemoteSource } from '../releases/remote-source';
import { staticRoutes } from './web/static-routes';
import { bundlePicture, firstScreenData } from './web/first-screen';
import { fillLegalPage, legalPageOf, readPublisherPolicies, sellerOf } from '../publisher';
import { opsRoutes } from './releases/ops-routes';
import { opsApi } from './ops/ops-api';
import { releaseOperations } from './releases/release-operations';
import { ReleaseFileCache } from '../releases/release-file-cache';
import { DbReleaseStore } from '../releases/release-store';
import { healthRoutes } from './releases/health-routes';
import type { ReleaseHealthSettings } from '../releases/health-settings';
import { watchReleases } from '../releases/auto-rollback';
import { dropCountedLoads, dropOldHealth } from '../releases/release-health';
import { signerOf } from '../releases/signing-key';
import { issueLoadToken } from '../releases/load-tokens';
import { openPreview, previewLink } from '../releases/preview-links';
import { runClusterChore } from '../db/cluster-chore';
import { rollUpAndForgetReports } from '../insights';
import { auditAutomaticRollback, auditExperimentStop } from '../ops/audit';
import { evaluateExperiments, RunningExperiments } from '../experiments';
import { builtHostSource, releasedHostSource, releasedRemoteSource } from '../releases/released-sources';
import { RegistryService } from '../releases/registry-service';
import { registerOrders } from './orders/order-runtime';
import { DEFAULT_ORDER_SETTINGS, type OrderSettings } from '../orders';
import { frameworkErrorAnswer, securityHeaders } from './web/security-headers';
import { readinessRoutes } from './web/readiness-routes';
import { cspReportRoutes } from './web/csp-report-routes';
import { useCounterStore } from './web/request-counters';
import { openRedisCounterStore } from './web/redis-counter-store';
import { refuseUncleanInput, storeErrorAnswer } from './web/error-answer';
import { DEFAULT_LIMIT_SETTINGS, type LimitSettings } from './api/limit-settings';
import { fieldRefusal } from './api/field-refusal';
// The sandbox is wired in here: every other module of the store knows only GameGateway and PaymentProvider.
import { installSandboxPayments, sandboxGameService } from './sandbox/install-sandbox';
import { installStripePayments } from './payments/stripe-checkout-routes';
import { sandboxDevRoutes } from './sandbox/sandbox-dev-routes';
import { sandboxPlayerMailboxRoutes } from './sandbox/sandbox-player-mailbox-routes';
import { catalogueGameGateway } from '../catalogue/catalogue-game-gateway';
import { RememberedRoles } from '../game/remembered-roles';
import { draftPreviewOf } from './api/draft-preview';
import { type MailSink, type MailTransport, MailWorker } from '../fulfilment';
import { AlertWorker, watchDeliveries, watchReconciliation, type WebhookPolicy } from '../alerts';

export interface AppOptions {
  readonly config: ServerConfig;
  /** Overrides where remote builds come from (tests, releases). */
  readonly remotes?: RemoteSource;
  /** Fastify's logger: on, off, or its options (tests read the warnings through a stream). */
  readonly logger?: FastifyServerOptions['logger'];
  /**
   * The store's database, opened and migrated by the caller (main.ts, tests). Without it the
   * server only hosts the pages: the API and sandbox routes need a database.
   */
  readonly db?: Db;
  /** The games' gateway; by default the sandbox game (on the same database), called over HTTP as its own service. */
  readonly games?: GameGateway;
  /** The in-memory catalogue; pass one to write through `updateCatalogue` in this process. */
  readonly catalogue?: CatalogueCache;
  /** Orders, payments and delivery (expiry, backoff, webhook secret...); the defaults otherwise. */
  readonly orders?: OrderSettings;
  /** Request limits of the order actions (per address, per character or order); the defaults otherwise. */
  readonly limits?: LimitSettings;
  /** Where the mail outbox is sent (SMTP); without it mails wait in the outbox. */
  readonly mailTransport?: MailTransport;
  /** The development mail sink, shown at /sandbox/mail with the sandbox's routes. */
  readonly mailSink?: MailSink;
  /** How releases are watched in players' browsers and rolled back by the store; the config's otherwise. */
  readonly releaseHealth?: ReleaseHealthSettings;
  /** Where alert webhooks may point; the config's otherwise (this machine in development only). */
  readonly webhooks?: WebhookPolicy;
  /** The time of the back office's reset links and TOTP codes (tests move it); the system clock by default. */
  readonly clock?: () => Date;
  /** The running offer experiments held in memory (decision 309); pass one to reload it at once in this process. */
  readonly experiments?: RunningExperiments;
  /** How often a database without autovacuum (the embedded one) is vacuumed and analyzed; UPKEEP_EVERY_MS otherwise. */
  readonly upkeepEveryMs?: number;
}

/**
 * The embedded database's vacuum and statistics, every ten minutes (decision 129): a store's
 * deletes and updates come back as free space long before they add up.
 */
export const UPKEEP_EVERY_MS = 10 * 60_000;

/** The last `hops` proxies in front of the store are believed (what Fastify does for a number). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * The store's server: the edge (every route, under server/src/http) wired to the domain's services.
 * It lives in http/ because it is Fastify's; main.ts starts it and knows no Fastify (decision 261).
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 64 * 1024,
    // The real client behind the load balancer, for limits and reports (TRUST_PROXY; none by default).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Fastify's refusals before routing (an address that does not decode) carry the security headers too.
    frameworkErrors: frameworkErrorAnswer(config.assetOrigins),
  });
  // Every rate limit counts in one Redis shared by all instances (REDIS_URL), or else in this process.
  const counters = config.redisUrl ? openRedisCounterStore(config.redisUrl, config.redisPrefix, app.log) : null;
  useCounterStore(app, counters ?? { redis: null, prefix: config.redisPrefix });
  if (counters) {
    app.addHook('onReady', () => counters.start());
    app.addHook('onClose', () => counters.close());
  }
  app.setErrorHandler(storeErrorAnswer);
  // Set when the process is asked to stop: readiness fails first (server/src/http/web/readiness-routes.ts).
  app.decorate('draining', false);
  refuseUncleanInput(app);
  securityHeaders(app, { assetOrigins: config.assetOrigins, demo: config.storeMode === 'demo' });

  await app.register(cspReportRoutes);

  await app.register(assetRoutes);
  // How releases are watched in players' browsers: the pages learn the sample with the registry.
  const releaseHealth = options.releaseHealth ?? config.releaseHealth;
  // The policies are served with the publisher's facts in place of the template's placeholders; the
  // publisher's own reviewed pages (LEGAL_PAGES_DIR) in place of the build's templates.
  const policies = config.publisher.policiesDir ? readPublisherPolicies(config.publisher.policiesDir) : null;
  for (const problem of policies?.problems ?? []) app.log.warn(problem);
  const pages = {
    store: { appKey: config.appKey, healthSample: releaseHealth.sample },
    demo: config.storeMode === 'demo',
    fillPage: (file: string, html: string) => {
      const policy = legalPageOf(file);
      return policy ? fillLegalPage(policies?.pages.get(policy) ?? html, config.publisher) : null;
    },
  };
  const built = options.remotes ?? remoteSourceOf(config.repoRoot, config.devRemotes);
  if (options.db) {
    const db = options.db;
    const catalogue = options.catalogue ?? new CatalogueCache(db, { revisionCheckMs: config.catalogueCheckMs, log: app.log });
    // Every instance on one PostgreSQL serves a new catalogue revision within a second (LISTEN/NOTIFY).
    app.addHook('onReady', async () => {
      // It keeps trying while the database is away; meanwhile the revision row is checked every few seconds.
      await catalogue.listen();
    });
    app.addHook('onClose', () => catalogue.close());
    // PGlite has no autovacuum: this instance, the only one on it, does its work (decision 129).
    const upkeep = db.upkeep?.bind(db);
    if (upkeep) {
      let upkeeping: NodeJS.Timeout | null = null;
      app.addHook('onReady', async () => {
        upkeeping = setInterval(() => {
          const started = Date.now();
          upkeep().then(
            () => app.log.debug({ ms: Date.now() - started }, 'the embedded database was vacuumed and analyzed'),
            (error: unknown) => app.log.error({ err: error }, 'vacuuming the embedded database failed; the next period tries again'),
          );
        }, options.upkeepEveryMs ?? UPKEEP_EVERY_MS);
        upkeeping.unref();
      });
      app.addHook('onClose', async () => {
        if (upkeeping) clearInterval(upkeeping);
      });
    }
    // Liveness and readiness; each says which instance answered, behind a load balancer.
    await app.register(readinessRoutes, { instance: config.instanceName, db, catalogue });
    const settings = options.orders ?? DEFAULT_ORDER_SETTINGS;
    // GAME_GATEWAY: the sandbox game in this process, or each game's server over HTTP; PAYMENT_PROVIDER the sandbox or Stripe.
    const game = options.games ?? (config.gameGateway === 'http' ? catalogueGameGateway(catalogue, config.gameEndpoints) : (await sandboxGameService(app, db, config.sandboxGamePort)).games);
    // A character found a moment ago is not asked for again when its order comes (decision 126).
    const games = new RememberedRoles(game, { rememberMs: config.roleMemoryMs });
    const payments = config.stripe ? await installStripePayments(app, { db, settings: config.stripe }) : await installSandboxPayments(app, { db, catalogue, settings });
    const mailWorker = options.mailTransport ? new MailWorker({ db, transport: options.mailTransport, log: app.log, pollIntervalMs: settings.pollIntervalMs, leaseMs: settings.leaseMs }) : null;
    const orders = await registerOrders(app, { db, catalogue, games, payments, settings, publicUrl: config.mail.publicUrl, mailWorker, seller: sellerOf(config.publisher) });
    // The running offer experiments, held in memory and reloaded as often as the catalogue's revision is checked.
    const experiments = options.experiments ?? new RunningExperiments(db, { refreshMs: config.catalogueCheckMs, log: app.log });
    await app.register(bannerSlideRoutes, { catalogue });
    // Uploaded catalogue pictures, from the database: chosen before the build's /assets/* files.
    await app.register(catalogueAssetRoutes, { db });
    await app.register(apiPlugin, {
      prefix: '/api',
      db,
      catalogue,
      games,
      appKey: config.appKey,
      roleLookupsPerMinute: config.roleLookupsPerMinute,
      limits: options.limits ?? DEFAULT_LIMIT_SETTINGS,
      orders,
      linkHosts: config.bannerLinkHosts,
      // An operator's browser with a live preview cookie sees the catalogue's draft; everyone else the published catalogue.
      preview: draftPreviewOf(db, { idleMs: config.ops.sessionIdleMs, absoluteMs: config.ops.sessionAbsoluteMs }),
      playerLinkSecret: config.playerLinkSecret,
      secureCookies: config.ops.secureCookies,
      experiments,
    });
    if (config.sandboxRoutes) {
      await app.register(sandboxDevRoutes, { db, open: config.storeMode === 'development', operatorToken: config.opsToken, refuse: fieldRefusal, mailSink: options.mailSink ?? null });
      // A demo visitor reads the code mailed to a sandbox character without the operators' token; never in production (decision 311).
      if (config.storeMode !== 'production') await app.register(sandboxPlayerMailboxRoutes, { db, refuse: fieldRefusal });
    }

    const registry = new RegistryService(db, new DbReleaseStore(db));
    // Release files never change: each instance keeps those it served in memory.
    const releaseFiles = new ReleaseFileCache(registry.store);
    // Each release's health in players' browsers; one instance at a time judges new versions by it.
    // Load tokens and preview links are signed with RELEASE_SIGNING_KEY, or the key kept in the database.
    const signer = signerOf(db, config.releaseSigningKey);
    await app.register(healthRoutes, { db, settings: releaseHealth, signer });
    let watching: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      // The rollback's transaction records it in the audit log and opens its alert: both, or neither.
      const autoAudit = auditAutomaticRollback;
      watching = setInterval(() => {
        void runClusterChore(db, 'release-health', releaseHealth.checkMs, async () => {
          for (const done of await watchReleases(db, registry, releaseHealth, autoAudit)) app.log.warn({ rollback: done }, 'a failing release was rolled back');
          await dropOldHealth(db, releaseHealth.keepDays);
          await dropCountedLoads(db, Math.max(releaseHealth.windowMinutes, releaseHealth.tokenMinutes));
        }).catch((error: unknown) => app.log.error({ err: error }, 'watching the releases failed'));
      }, releaseHealth.checkMs);
      watching.unref();
    });
    // The insights' hourly rollups, once per period for the whole cluster, and the reports' retention.
    let rollingUp: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      rollingUp = setInterval(() => {
        void runClusterChore(db, 'insights-rollup', config.ops.insightsRollupMs, async (tx) => {
          await rollUpAndForgetReports(tx, config.ops.reportsKeepDays);
        }).catch((error: unknown) => app.log.error({ err: error }, 'the insights rollup failed'));
      }, config.ops.insightsRollupMs);
      rollingUp.unref();
    });
    // The offer experiments' guardrail (decision 308), in the insights' period, once for the whole cluster.
    let guarding: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      const recordStop = auditExperimentStop();
      guarding = setInterval(() => {
        void runClusterChore(db, 'experiment-guardrail', config.ops.insightsRollupMs, async (tx) => {
          for (const stopped of await evaluateExperiments(tx, recordStop)) app.log.warn({ stopped }, 'an offer experiment variant was stopped by its guardrail');
        })
          // A stop this instance made is shown here at once (the others within their reload period).
          .then((ran) => (ran ? experiments.reload() : undefined))
          .catch((error: unknown) => app.log.error({ err: error }, 'the offer experiments guardrail failed; the next period tries again'));
      }, config.ops.insightsRollupMs);
      guarding.unref();
    });
    // Alerts: the watches of failing deliveries and of the reconciliation, each once per period for the
    // whole cluster, and the worker that posts webhooks (every instance; each delivery claimed by one).
    const alertSettings = config.ops.alerts;
    const webhooks = options.webhooks ?? alertSettings.webhooks;
    const alertWorker = new AlertWorker({ db, log: app.log, policy: webhooks, pollIntervalMs: settings.pollIntervalMs, leaseMs: settings.leaseMs, timeoutMs: alertSettings.webhookTimeoutMs, instance: config.instanceName });
    const alertTimers: NodeJS.Timeout[] = [];
    app.addHook('onReady', async () => {
      alertWorker.start();
      const every = (chore: string, ms: number, work: Parameters<typeof runClusterChore>[3]) => {
        const timer = setInterval(() => {
          void runClusterChore(db, chore, ms, work)
            .then((ran) => {
              if (ran) {
                alertWorker.wake();
                orders.wakeMail?.();
              }
            })
            .catch((error: unknown) => app.log.error({ err: error, chore }, 'an alert watch failed; the next period tries again'));
        }, ms);
        timer.unref();
        alertTimers.push(timer);
      };
      every('alerts-deliveries', alertSettings.watchMs, async (tx) => {
        await watchDeliveries(tx, alertSettings.delivery);
      });
      every('alerts-reconcile', alertSettings.reconcileMs, async (tx) => {
        await watchReconciliation(tx, settings.giveUpAfterMs);
      });
    });
    app.addHook('onClose', async () => {
      if (watching) clearInterval(watching);
      if (rollingUp) clearInterval(rollingUp);
      if (guarding) clearInterval(guarding);
      for (const timer of alertTimers) clearInterval(timer);
      await alertWorker.stop();
    });
    // One set of release operations, two ways in: the ops token (/ops/*) and an operator's session (/ops/api/releases/*).
    const releases = releaseOperations(registry);
    if (config.opsToken) await app.register(opsRoutes, { prefix: '/ops', token: config.opsToken, releases });
    await app.register(opsApi, {
      prefix: '/ops/api',
      db,
      releases,
      orders,
      catalogue,
      token: config.opsToken,
      sessions: { idleMs: config.ops.sessionIdleMs, absoluteMs: config.ops.sessionAbsoluteMs },
      secureCookies: config.ops.secureCookies,
      signInsPerAddress: config.ops.signInsPerAddress,
      require2fa: config.ops.require2fa,
      secretKey: config.ops.secretKey,
      publicUrl: config.mail.publicUrl,
      clock: options.clock,
      bannerLinkHosts: config.bannerLinkHosts,
      gameEndpoints: config.gameEndpoints,
      releaseHealth,
      previewLink: async (remote, version) => previewLink(registry, await signer(), remote, version),
      // A start or a stop of an offer experiment reaches this process's price reads at once.
      experiments,
      alerts: {
        webhooks,
        wake: () => {
          alertWorker.wake();
          orders.wakeMail?.();
        },
      },
    });
    await app.register(staticRoutes, {
      host: releasedHostSource(registry, releaseFiles, config.hostDist),
      remotes: releasedRemoteSource(registry, releaseFiles, built),
      previewable: (remote, version) => registry.previewable(remote, version),
      openPreview: async (value) => openPreview(await signer(), value),
      healthToken: async (bucket, versions) => issueLoadToken(await signer(), bucket, versions, releaseHealth.tokenMinutes),
      gameRules: async () => (await catalogue.get()).rules,
      firstScreen: async () => firstScreenData(await catalogue.get(), Date.now(), config.bannerLinkHosts),
      bundlePicture: async (query) => bundlePicture(await catalogue.get(), query, Date.now()),
      ...pages,
    });
  } else {
    await app.register(readinessRoutes, { instance: config.instanceName });
    await app.register(staticRoutes, { host: builtHostSource(config.hostDist), remotes: built, ...pages });
  }

  return app;
}
