import os from 'node:os';
import path from 'node:path';
import { DEFAULT_APP_KEY } from '@topup/shared/sign';
import { loadStripeSettings, type StripeSettings } from './payments';
import type { GameEndpointPolicy } from './game/http/game-endpoint-policy';
import { DEV_WEBHOOK_SECRET } from './production/development-secrets';

/** The repository root: server/ sits one level below it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * What the store is running as. `development` (NODE_ENV is not production): everything
 * embedded, sandbox game and payments, demo data. `production`: real integrations only.
 * `demo` (`STORE_MODE=demo`): a public demo, sandbox and demo data allowed, shown as such.
 */
export type StoreMode = 'development' | 'production' | 'demo';

/** The payment providers and game gateways this store can be configured with. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export const GAME_GATEWAYS = ['sandbox', 'http'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export type GameGatewayName = (typeof GAME_GATEWAYS)[number];

/** Fastify's `trustProxy`: nothing, a hop count, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | string;

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** `NODE_ENV`: development (unset), test or production; any other value is refused at start. */
  readonly nodeEnv: string;
  /** `PAYMENT_WEBHOOK_SECRET` is unset or the development one (refused in production). */
  readonly developmentWebhookSecret: boolean;
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
  /** The back office's sessions (docs/back-office.md). */
  readonly ops: OpsSettings;
}

/** The store's e-mail settings. */
export interface OpsSettings {
  /** A console session nobody used for this long ends (OPS_SESSION_IDLE_MINUTES, default 30). */
  readonly sessionIdleMs: number;
  /** A console session ends this long after sign-in (OPS_SESSION_HOURS, default 12). */
  readonly sessionAbsoluteMs: number;
  /** Session cookies are `Secure` (HTTPS only): on in production and demo mode. */
  readonly secureCookies: boolean;
  /** Sign-in attempts one address may make per 15 minutes (OPS_SIGN_INS_PER_ADDRESS, default 30). */
  readonly signInsPerAddress: number;
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

/** The sender when MAIL_FROM is unset (the .invalid domain: nothing is ever delivered to it). */
export const DEFAULT_MAIL_FROM = 'TopUp Store <no-reply@topup-store.invalid>';

function publicUrlFrom(value: string | undefined, host: string, port: number): string {
  const text = (value ?? '').trim().replace(/\/+$/, '');
  if (text === '') return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  if (!/^https?:\/\/[^/\s]+$/.test(text)) throw new Error(`PUBLIC_URL must be the store's address such as https://shop.example.com, got "${text}"`);
  return text;
}

/** An instance's name when INSTANCE_NAME gives none: its host and process. */
export const DEFAULT_INSTANCE_NAME = `${os.hostname()}:${process.pid}`;

/** Seeding holds a lock on one connection while it writes on another: a pool needs two at least. */
function poolSizeFrom(value: string | undefined): number {
  const size = positiveIntegerFrom('DATABASE_POOL_SIZE', value, 10);
  if (size < 2) throw new Error('DATABASE_POOL_SIZE must be at least 2 (one connection may hold a lock while another writes)');
  return size;
}

function mailSettingsFrom(env: NodeJS.ProcessEnv, storeMode: StoreMode, host: string, port: number): MailSettings {
  const smtpUrl = (env.SMTP_URL ?? '').trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return {
    smtpUrl,
    from: (env.MAIL_FROM ?? '').trim() || DEFAULT_MAIL_FROM,
    publicUrl: publicUrlFrom(env.PUBLIC_URL, host, port),
    sink: switchFrom('MAIL_SINK', env.MAIL_SINK, storeMode === 'development' && !smtpUrl),
  };
}

function portFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
}

/** A whole number of at least 1 from a setting, or the fallback when it is unset. */
export function positiveIntegerFrom(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return number;
}

function switchFrom(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  const lower = value.toLowerCase();
  if (lower === 'on' || lower === 'true' || lower === '1') return true;
  if (lower === 'off' || lower === 'false' || lower === '0') return false;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`${name} must be one of: ${allowed.join(', ')}; got "${value}"`);
}

const NODE_ENVS = ['development', 'test', 'production'];

/** `NODE_ENV=prod` or `Production` would quietly run a development store: only the three known values start. */
function nodeEnvFrom(value: string | undefined): string {
  if (value === undefined || value === '') return 'development';
  if (!NODE_ENVS.includes(value)) {
    throw new Error(`Refusing to start: NODE_ENV must be development, test or production (or unset for development), got "${value}".`);
  }
  return value;
}

function storeModeFrom(env: NodeJS.ProcessEnv, nodeEnv: string): StoreMode {
  const mode = env.STORE_MODE ?? '';
  if (mode !== '' && mode !== 'demo') throw new Error(`STORE_MODE must be "demo" or unset, got "${mode}"`);
  if (mode === 'demo') return 'demo';
  return nodeEnv === 'production' ? 'production' : 'development';
}

/** "2" (hops), "10.0.0.5,10.0.0.0/8" (addresses), or nothing ("off"); "on" would trust any client's header. */
export function trustProxyFrom(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'off' || text === 'false' || text === '0') return false;
  if (/^[0-9]{1,2}$/.test(text)) return Number(text);
  if (text === 'true' || text === 'on') throw new Error('TRUST_PROXY=true would believe any client\'s X-Forwarded-For: give the hop count or the proxies\' addresses');
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^[0-9a-fA-F.:]+(\/[0-9]{1,3})?$/.test(part) && !['loopback', 'linklocal', 'uniquelocal'].includes(part))) {
    throw new Error(`TRUST_PROXY must be a hop count or a list of addresses / CIDR ranges, got "${text}"`);
  }
  return parts.join(',');
}

/** A whole number of 0 or more from a setting, or the fallback when it is unset. */
function wholeNumberFrom(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name} must be a whole number of 0 or more, got "${value}"`);
  return number;
}

function redisUrlFrom(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  // The message never repeats the URL: it may hold a password.
  if (!/^rediss?:\/\/[^/\s]/.test(text)) throw new Error('REDIS_URL must start with redis:// or rediss:// (redis://:password@host:6379/0)');
  return text;
}

function redisPrefixFrom(value: string | undefined): string {
  if (value === undefined || value === '') return 'topup:';
  if (!/^[A-Za-z0-9:._-]{1,64}$/.test(value)) throw new Error(`REDIS_PREFIX must be up to 64 letters, digits or : . _ -, got "${value}"`);
  return value;
}

function originsFrom(value: string | undefined): string[] {
  const origins = (value ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);
  for (const origin of origins) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new Error(`ASSET_ORIGINS must list origins such as https://cdn.example.com, got "${origin}"`);
    }
    if (parsed.origin !== origin.replace(/\/$/, '') || !/^https?:$/.test(parsed.protocol)) {
      throw new Error(`ASSET_ORIGINS must list bare origins (scheme://host[:port]), got "${origin}"`);
    }
  }
  return origins.map((origin) => origin.replace(/\/$/, ''));
}

/** `shop.example.com,events.example.com`: host names only, lower case. */
export function hostsFrom(name: string, value: string | undefined): string[] {
  const hosts = (value ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
  const wrong = hosts.find((host) => !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(host));
  if (wrong !== undefined) throw new Error(`${name} must list host names such as events.example.com, got "${wrong}"`);
  return hosts;
}

/**
 * Reads the settings. It does not judge them: `productionProblems` (production-rules.ts) says
 * what a production server must refuse, so that one start lists every problem at once.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const nodeEnv = nodeEnvFrom(env.NODE_ENV);
  const storeMode = storeModeFrom(env, nodeEnv);
  // What is only for development stays off in production unless asked for (and then refused).
  const devDefault = storeMode !== 'production';
  const seedDemo = switchFrom('SEED_DEMO', env.SEED_DEMO, devDefault);
  const host = env.HOST || '127.0.0.1';
  const port = portFrom(env.PORT, 8080);
  return {
    host,
    port,
    nodeEnv,
    developmentWebhookSecret: (env.PAYMENT_WEBHOOK_SECRET || DEV_WEBHOOK_SECRET) === DEV_WEBHOOK_SECRET,
    storeMode,
    // HOST_DIST serves another build of the shell (the benchmarks' monolith build).
    hostDist: env.HOST_DIST ? path.resolve(env.HOST_DIST) : path.join(REPO_ROOT, 'host', 'dist'),
    repoRoot: REPO_ROOT,
    appKey: env.APP_KEY || DEFAULT_APP_KEY,
    dataDir: path.resolve(REPO_ROOT, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    databasePoolSize: poolSizeFrom(env.DATABASE_POOL_SIZE),
    databaseStatementTimeoutMs: wholeNumberFrom('DATABASE_STATEMENT_TIMEOUT_MS', env.DATABASE_STATEMENT_TIMEOUT_MS, 30_000),
    redisUrl: redisUrlFrom(env.REDIS_URL),
    redisPrefix: redisPrefixFrom(env.REDIS_PREFIX),
    paymentProvider: oneOf('PAYMENT_PROVIDER', env.PAYMENT_PROVIDER, PAYMENT_PROVIDERS, 'sandbox'),
    stripe: env.PAYMENT_PROVIDER === 'stripe' ? loadStripeSettings(env) : null,
    gameGateway: oneOf('GAME_GATEWAY', env.GAME_GATEWAY, GAME_GATEWAYS, 'sandbox'),
    sandboxRoutes: switchFrom('SANDBOX', env.SANDBOX, devDefault),
    sandboxGamePort: portFrom(env.SANDBOX_GAME_PORT, port === 0 || port === 65535 ? 0 : port + 1),
    seedDemo,
    demoDiscountCodes: switchFrom('DEMO_DISCOUNT_CODES', env.DEMO_DISCOUNT_CODES, seedDemo),
    roleLookupsPerMinute: positiveIntegerFrom('ROLE_LOOKUPS_PER_MINUTE', env.ROLE_LOOKUPS_PER_MINUTE, 30),
    catalogueCheckMs: positiveIntegerFrom('CATALOGUE_CHECK_SECONDS', env.CATALOGUE_CHECK_SECONDS, 5) * 1000,
    instanceName: env.INSTANCE_NAME?.trim() || DEFAULT_INSTANCE_NAME,
    databaseApplicationName: env.DATABASE_APPLICATION_NAME?.trim() || null,
    stopDrainMs: wholeNumberFrom('STOP_DRAIN_SECONDS', env.STOP_DRAIN_SECONDS, 0) * 1000,
    stopTimeoutMs: positiveIntegerFrom('STOP_TIMEOUT_SECONDS', env.STOP_TIMEOUT_SECONDS, 20) * 1000,
    opsToken: env.OPS_TOKEN || null,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    assetOrigins: originsFrom(env.ASSET_ORIGINS),
    bannerLinkHosts: hostsFrom('BANNER_LINK_HOSTS', env.BANNER_LINK_HOSTS),
    gameEndpoints: { hosts: hostsFrom('GAME_SERVER_HOSTS', env.GAME_SERVER_HOSTS), loopback: nodeEnv !== 'production' },
    mail: mailSettingsFrom(env, storeMode, host, port),
    ops: {
      sessionIdleMs: positiveIntegerFrom('OPS_SESSION_IDLE_MINUTES', env.OPS_SESSION_IDLE_MINUTES, 30) * 60_000,
      sessionAbsoluteMs: positiveIntegerFrom('OPS_SESSION_HOURS', env.OPS_SESSION_HOURS, 12) * 3_600_000,
      secureCookies: storeMode !== 'development',
      signInsPerAddress: positiveIntegerFrom('OPS_SIGN_INS_PER_ADDRESS', env.OPS_SIGN_INS_PER_ADDRESS, 30),
    },
  };
}
