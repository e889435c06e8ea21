import path from 'node:path';
import { freePort, startStore, type StoreServer, type StoreServerOptions } from '../../shared/test/support/store-server';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export { freePort };

export type RunningServer = StoreServer;

/**
 * Starts the real server (`server/src/main.ts`) on a free port with its own data folder; `copyOf` a
 * migrated, seeded folder (the browser suite's template) spares the migrations.
 */
export function startServer(env: Record<string, string> = {}, options: Omit<StoreServerOptions, 'env'> = {}): Promise<RunningServer> {
  return startStore({ ...options, env });
}
