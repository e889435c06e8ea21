import path from 'node:path';

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
}

function portFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: portFrom(env.PORT, 8080),
    nodeEnv: env.NODE_ENV || 'development',
    hostDist: path.join(REPO_ROOT, 'host', 'dist'),
    repoRoot: REPO_ROOT,
  };
}
