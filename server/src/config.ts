import path from 'node:path';
import { DEFAULT_INSTANCE_NAME } from './db/instance-name';
import { stripeSettingsFrom, type StripeSettings } from './payments';
import type { GameEndpointPolicy } from './game/http/game-endpoint-policy';
import type { DeliveryAlertSettings, WebhookPolicy } from './alerts';
import { releaseHealthFrom, type ReleaseHealthSettings } from './releases/health-settings';
import { DEV_OPS_SECRET_KEY, DEV_PLAYER_LINK_SECRET, DEV_WEBHOOK_SECRET } from './settings/development-secrets';
import { readSettings, type SettingTexts } from './settings/read-settings';
import { GAME_GATEWAYS, PAYMENT_PROVIDERS, type Settings } from './settings/settings-schema';
import type { TrustProxy } from './settings/setting-parsers';

export { DEFAULT_INSTANCE_NAME } from './db/instance-name';
export { DEFAULT_MAIL_FROM, GAME_GATEWAYS, PAYMENT_PROVIDERS } from './settings/settings-schema';
export type { TrustProxy } from './settings/setting-parsers';

/** The repository root: server/ sits one level below it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * What the store is running as. `development` (NODE_ENV is not production): everything
 * embedded, sandbox game and payments, demo data. `production`: real integrations only.
 * `demo` (`STORE_MODE=demo`): a public demo, sandbox and demo data allowed, shown as such.
 */
export type StoreMode = 'development' | 'production' | 'demo';

export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export type GameGatewayName = (typeof GAME_GATEWAYS)[number];

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** `NODE_ENV`: development (unset), test or production; any other value is refused at start. */
  readonly nodeEnv: string;
  /** `PAYMENT_WEBHOOK_SECRET` is unset or the development one (refused in production). */
  readonly developmentWebhookSecret: boolean;
  /**
   * HMAC key of the players' character-link cookies and ownership codes (`PLAYER_LINK_SECRET`): a
   * secret, never logged; the development one when unset (refused in production).
   */
  readonly playerLinkSecret: string;
  readonly storeMode: StoreMode;
  /** Where the host build lives (index.html + assets). */
  readonly hostDist: string;
  /** Root of the repository, used to find each remote's build. */
  readonly repoRoot: string;
  /** Key of the request sign (`APP_KEY`), handed to the pages at run time; the development default is refused in production. */
  readonly appKey: string;
  /** PGlite data directory (`DATA_DIR`, default `./data` at the repository root). */
  readonly dataDir: string;
  /** PostgreSQL connection string (`DATABASE_URL`); when set, PGlite is not used. */
  readonly databaseUrl: string | null;
  /** PostgreSQL connections this process opens at most (`DATABASE_POOL_SIZE`, default 10). */
  readonly databasePoolSize: number;
  /**
   * A PostgreSQL statement running longer is cancelled (`DATABASE_STATEMENT_TIMEOUT_MS`, default 30 s;
   * 0: never). Migrations run without it.
   */
  readonly databaseStatementTimeoutMs: number;
  /**
   * The Redis every instance keeps its rate-limit counters in (`REDIS_URL`): a secret, never logged.
   * null: each process counts alone.
   */
  readonly redisUrl: string | null;
  /** How every key the store writes in Redis starts (`REDIS_PREFIX`, default `topup:`). */
  readonly redisPrefix: string;
  /** Who takes the players' money (`PAYMENT_PROVIDER`). */
  readonly paymentProvider: PaymentProviderName;
  /** Stripe's keys and return address when `PAYMENT_PROVIDER=stripe` (docs/payments.md). */
  readonly stripe: StripeSettings | null;
  /** Who finds characters and delivers items (`GAME_GATEWAY`). */
  readonly gameGateway: GameGatewayName;
  /**
   * Where the sandbox game listens, on 127.0.0.1, when it is the game gateway (`SANDBOX_GAME_PORT`,
   * default the store's port + 1; 0: any free port). The store calls it over the game-server contract.
   */
  readonly sandboxGamePort: number;
  /** The sandbox's developer routes: characters, mailbox, mail failure switch (`SANDBOX`). */
  readonly sandboxRoutes: boolean;
  /** Load the demo catalogue, characters and purchases into an empty database (`SEED_DEMO`). */
  readonly seedDemo: boolean;
  /** The demo discount codes (WELCOME10, ONCE50...) come with the demo data (`DEMO_DISCOUNT_CODES`). */
  readonly demoDiscountCodes: boolean;
  /** Role lookups allowed per client address per minute (`ROLE_LOOKUPS_PER_MINUTE`). */
  readonly roleLookupsPerMinute: number;
  /** How long a character the game found is remembered by this instance (`ROLE_MEMORY_SECONDS`, decision 126); 0: never. */
  readonly roleMemoryMs: number;
  /**
   * How often a server checks the catalogue's revision row besides hearing each revision announced
   * (`CATALOGUE_CHECK_SECONDS`, default 5): the fallback when a notification is lost.
   */
  readonly catalogueCheckMs: number;
  /** This instance's name in `GET /healthz` (`INSTANCE_NAME`; the host name and process id by default). */
  readonly instanceName: string;
  /**
   * On SIGTERM, how long readiness fails before the server stops taking requests (`STOP_DRAIN_SECONDS`,
   * 0 by default): behind a balancer, at least its check interval times its fall count, so that it has
   * taken the instance out of rotation first. Then requests under way finish (at most `STOP_TIMEOUT_SECONDS`,
   * 20 by default) and the process exits.
   */
  readonly stopDrainMs: number;
  /** How the store's PostgreSQL connections name themselves (`DATABASE_APPLICATION_NAME`; `topup-store <INSTANCE_NAME>` by default). */
  readonly databaseApplicationName: string | null;
  readonly stopTimeoutMs: number;
  /** Bearer token of the `/ops/*` routes (`OPS_TOKEN`); without one those routes are off. */
  readonly opsToken: string | null;
  /** Which proxies' `X-Forwarded-*` headers to believe (`TRUST_PROXY`); none by default. */
  readonly trustProxy: TrustProxy;
  /** Other origins the pages may load code, styles and images from (`ASSET_ORIGINS`, e.g. a CDN). */
  readonly assetOrigins: readonly string[];
  /** Hosts a banner may link to over https besides the store's own pages (`BANNER_LINK_HOSTS`); none by default. */
  readonly bannerLinkHosts: readonly string[];
  /**
   * Which addresses a game's server may be at (docs/security.md, "Game endpoints"): the hosts of
   * GAME_SERVER_HOSTS only when set, and a game server on this machine over http only when NODE_ENV is
   * not production (the sandbox game on 127.0.0.1 in development and the tests).
   */
  readonly gameEndpoints: GameEndpointPolicy;
  /** How the store sends e-mail (receipts, support-ticket references): docs/email.md. */
  readonly mail: MailSettings;
  /** Who sells (`PUBLISHER_*`, `SUPPORT_EMAIL`, `LEGAL_DATE`): the seller on receipts, the facts the policies name. */
  readonly publisher: PublisherSettings;
  /** The back office's sessions (docs/back-office.md). */
  readonly ops: OpsSettings;
  /** How releases are watched in players' browsers and rolled back by the store. */
  readonly releaseHealth: ReleaseHealthSettings;
  /** `RELEASE_SIGNING_KEY`; null: the key kept in the database (releases/signing-key.ts). */
  readonly releaseSigningKey: string | null;
  /** `DEV_REMOTES=1` (`npm run dev`): the remotes come from their dev servers, and no build is recorded as a release. */
  readonly devRemotes: boolean;
  /** The request log (`LOG=off` turns it off). */
  readonly log: boolean;
}

/** Who sells, as receipts and the legal pages name it; null: unset (a production store refuses that). */
export interface PublisherSettings {
  readonly name: string | null;
  readonly address: string | null;
  readonly supportEmail: string | null;
  /** YYYY-MM-DD: when the policies were last updated. */
  readonly legalDate: string | null;
  /** `LEGAL_PAGES_DIR`: the publisher's reviewed policies, served in place of the build's templates. */
  readonly policiesDir: string | null;
}

/** The back office's session settings. */
export interface OpsSettings {
  /** A console session nobody used for this long ends (OPS_SESSION_IDLE_MINUTES, default 30). */
  readonly sessionIdleMs: number;
  /** A console session ends this long after sign-in (OPS_SESSION_HOURS, default 12). */
  readonly sessionAbsoluteMs: number;
  /** Session cookies are `Secure` (HTTPS only): on in production and demo mode. */
  readonly secureCookies: boolean;
  /** Sign-in attempts one address may make per 15 minutes (OPS_SIGN_INS_PER_ADDRESS, default 30). */
  readonly signInsPerAddress: number;
  /** Admins and release managers must have a TOTP second factor (OPS_REQUIRE_2FA; on in production by default). */
  readonly require2fa: boolean;
  /** `OPS_SECRET_KEY`: seals the TOTP secrets at rest; the development key when unset (refused in production). */
  readonly secretKey: string;
  /** The development `OPS_SECRET_KEY` is in use. */
  readonly developmentSecretKey: boolean;
  /** Days the pages' reports are kept one by one (REPORTS_KEEP_DAYS, default 90). */
  readonly reportsKeepDays: number;
  /** How often the insights' rollups are brought up to date (INSIGHTS_ROLLUP_SECONDS, default 60). */
  readonly insightsRollupMs: number;
  /** When the store alerts and how it reaches webhooks (ALERT_* settings, docs/back-office.md "Alerts"). */
  readonly alerts: AlertSettings;
}

export interface AlertSettings {
  readonly delivery: DeliveryAlertSettings;
  readonly watchMs: number;
  readonly reconcileMs: number;
  readonly webhookTimeoutMs: number;
  /** Webhooks on this machine or a private network: development and tests only. */
  readonly webhooks: WebhookPolicy;
}

export interface MailSettings {
  /** `SMTP_URL` (smtp://user:password@host:587, smtps://...): a secret, never logged. null: no SMTP server. */
  readonly smtpUrl: string | null;
  /** `MAIL_FROM`: the sender players see. */
  readonly from: string;
  /** `PUBLIC_URL`: the store's public address, for the links in mails (the listening address by default). */
  readonly publicUrl: string;
  /**
   * `MAIL_SINK`: a local SMTP server in this process catches every mail and the sandbox shows them
   * at /sandbox/mail. On by default in development without SMTP_URL; a production store refuses it.
   */
  readonly sink: boolean;
}


/** A whole number of at least 1 from a command's flag, or the fallback when it is unset. */
export function positiveIntegerFrom(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return number;
}

/** The store's mode: NODE_ENV, unless STORE_MODE says it is a demo. */
function storeModeOf(settings: Settings): StoreMode {
  if (settings.STORE_MODE === 'demo') return 'demo';
  return settings.NODE_ENV === 'production' ? 'production' : 'development';
}

/**
 * The server's configuration from its checked settings. It does not judge them: `productionProblems`
 * (production-rules.ts) says what a production server must refuse, so that one start lists every
 * problem at once.
 */
export function configFrom(settings: Settings): ServerConfig {
  const nodeEnv = settings.NODE_ENV;
  const storeMode = storeModeOf(settings);
  // What is only for development stays off in production unless asked for (and then refused).
  const devDefault = storeMode !== 'production';
  const seedDemo = settings.SEED_DEMO ?? devDefault;
  const host = settings.HOST;
  const port = settings.PORT;
  const smtpUrl = settings.SMTP_URL ?? null;
  return {
    host,
    port,
    nodeEnv,
    developmentWebhookSecret: (settings.PAYMENT_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET) === DEV_WEBHOOK_SECRET,
    playerLinkSecret: settings.PLAYER_LINK_SECRET ?? DEV_PLAYER_LINK_SECRET,
    storeMode,
    // HOST_DIST serves another build of the shell (the benchmarks' monolith build).
    hostDist: settings.HOST_DIST ? path.resolve(settings.HOST_DIST) : path.join(REPO_ROOT, 'host', 'dist'),
    repoRoot: REPO_ROOT,
    appKey: settings.APP_KEY,
    dataDir: path.resolve(REPO_ROOT, settings.DATA_DIR),
    databaseUrl: settings.DATABASE_URL ?? null,
    databasePoolSize: settings.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: settings.DATABASE_STATEMENT_TIMEOUT_MS,
    redisUrl: settings.REDIS_URL ?? null,
    redisPrefix: settings.REDIS_PREFIX,
    paymentProvider: settings.PAYMENT_PROVIDER,
    stripe: settings.PAYMENT_PROVIDER === 'stripe' ? stripeSettingsFrom(settings) : null,
    gameGateway: settings.GAME_GATEWAY,
    sandboxRoutes: settings.SANDBOX ?? devDefault,
    sandboxGamePort: settings.SANDBOX_GAME_PORT ?? (port === 0 || port === 65535 ? 0 : port + 1),
    seedDemo,
    demoDiscountCodes: settings.DEMO_DISCOUNT_CODES ?? seedDemo,
    roleLookupsPerMinute: settings.ROLE_LOOKUPS_PER_MINUTE,
    roleMemoryMs: settings.ROLE_MEMORY_SECONDS * 1000,
    catalogueCheckMs: settings.CATALOGUE_CHECK_SECONDS * 1000,
    instanceName: settings.INSTANCE_NAME ?? DEFAULT_INSTANCE_NAME,
    databaseApplicationName: settings.DATABASE_APPLICATION_NAME ?? null,
    stopDrainMs: settings.STOP_DRAIN_SECONDS * 1000,
    stopTimeoutMs: settings.STOP_TIMEOUT_SECONDS * 1000,
    opsToken: settings.OPS_TOKEN ?? null,
    trustProxy: settings.TRUST_PROXY,
    assetOrigins: settings.ASSET_ORIGINS,
    bannerLinkHosts: settings.BANNER_LINK_HOSTS,
    gameEndpoints: { hosts: settings.GAME_SERVER_HOSTS, loopback: nodeEnv !== 'production' },
    mail: {
      smtpUrl,
      from: settings.MAIL_FROM,
      publicUrl: settings.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
      sink: settings.MAIL_SINK ?? (storeMode === 'development' && !smtpUrl),
    },
    publisher: {
      name: settings.PUBLISHER_NAME ?? null,
      address: settings.PUBLISHER_ADDRESS ?? null,
      supportEmail: settings.SUPPORT_EMAIL ?? null,
      legalDate: settings.LEGAL_DATE ?? null,
      policiesDir: settings.LEGAL_PAGES_DIR ? path.resolve(settings.LEGAL_PAGES_DIR) : null,
    },
    ops: {
      sessionIdleMs: settings.OPS_SESSION_IDLE_MINUTES * 60_000,
      sessionAbsoluteMs: settings.OPS_SESSION_HOURS * 3_600_000,
      secureCookies: storeMode !== 'development',
      signInsPerAddress: settings.OPS_SIGN_INS_PER_ADDRESS,
      require2fa: settings.OPS_REQUIRE_2FA ?? storeMode === 'production',
      secretKey: settings.OPS_SECRET_KEY ?? DEV_OPS_SECRET_KEY,
      developmentSecretKey: (settings.OPS_SECRET_KEY ?? DEV_OPS_SECRET_KEY) === DEV_OPS_SECRET_KEY,
      reportsKeepDays: settings.REPORTS_KEEP_DAYS,
      insightsRollupMs: settings.INSIGHTS_ROLLUP_SECONDS * 1000,
      alerts: {
        delivery: { windowMs: settings.ALERT_DELIVERY_WINDOW, failurePercent: settings.ALERT_DELIVERY_FAILURE_PERCENT, minFailures: settings.ALERT_DELIVERY_MIN_FAILURES },
        watchMs: settings.ALERT_WATCH_INTERVAL,
        reconcileMs: settings.ALERT_RECONCILE_INTERVAL,
        webhookTimeoutMs: settings.ALERT_WEBHOOK_TIMEOUT,
        webhooks: { internal: nodeEnv !== 'production' },
      },
    },
    releaseHealth: releaseHealthFrom(settings),
    releaseSigningKey: settings.RELEASE_SIGNING_KEY ?? null,
    devRemotes: settings.DEV_REMOTES,
    log: settings.LOG,
  };
}

/** The configuration from settings given as text (a test's, a command's): the defaults and those given, nothing else. */
export function loadConfig(texts: SettingTexts): ServerConfig {
  return configFrom(readSettings(texts));
}
