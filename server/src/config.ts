import path from 'node:path';
import { DEFAULT_APP_KEY } from '@topup/shared/sign';

/** The repository root: server/ sits one level below it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  readonly nodeEnv: string;
  /** Where the host build lives (index.html + assets). */
  readonly hostDist: string;
  /** Root of the repository, used to find each remote's build. */
  readonly repoRoot: string;
  /** Key of the request sign (`APP_KEY`); the development default is refused in production. */
  readonly appKey: string;
  /** PGlite data directory (`DATA_DIR`, default `./data` at the repository root). */
  readonly dataDir: string;
  /** PostgreSQL connection string (`DATABASE_URL`); when set, PGlite is not used. */
  readonly databaseUrl: string | null;
  /** Sandbox game gateway HTTP routes (`SANDBOX=off` turns them off). */
  readonly sandboxRoutes: boolean;
  /** Role lookups allowed per client address per minute (`ROLE_LOOKUPS_PER_MINUTE`). */
  readonly roleLookupsPerMinute: number;
  /** Immutable release folders (`RELEASES_DIR`, default `./releases` at the repository root). */
  readonly releasesDir: string;
  /** Bearer token of the `/ops/*` routes (`OPS_TOKEN`); without one those routes are off. */
  readonly opsToken: string | null;
}

function portFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
}

function positiveIntegerFrom(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return number;
}

/** The sign key is public in the browser, but production must not share the development one. */
function appKeyFrom(env: NodeJS.ProcessEnv, nodeEnv: string): string {
  const key = env.APP_KEY || DEFAULT_APP_KEY;
  if (nodeEnv === 'production' && key === DEFAULT_APP_KEY) {
    throw new Error(
      `Refusing to start: NODE_ENV=production with the development app key "${DEFAULT_APP_KEY}". Set APP_KEY to this store's key.`,
    );
  }
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  return {
    host: env.HOST || '127.0.0.1',
    port: portFrom(env.PORT, 8080),
    nodeEnv,
    // HOST_DIST serves another build of the shell (the benchmarks' monolith build).
    hostDist: env.HOST_DIST ? path.resolve(env.HOST_DIST) : path.join(REPO_ROOT, 'host', 'dist'),
    repoRoot: REPO_ROOT,
    appKey: appKeyFrom(env, nodeEnv),
    dataDir: path.resolve(REPO_ROOT, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    sandboxRoutes: (env.SANDBOX || 'on').toLowerCase() !== 'off',
    roleLookupsPerMinute: positiveIntegerFrom('ROLE_LOOKUPS_PER_MINUTE', env.ROLE_LOOKUPS_PER_MINUTE, 30),
    releasesDir: path.resolve(REPO_ROOT, env.RELEASES_DIR || 'releases'),
    opsToken: env.OPS_TOKEN || null,
  };
}
