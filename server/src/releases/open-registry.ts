import { DataDirInUseError } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { openDb, type DbSettings } from '../db/open-db';
import { buildFolders, recordBuildsAsReleases } from './first-releases';
import { HttpRegistry } from './http-registry';
import { DbReleaseStore } from './release-store';
import { RegistryService, type RegistryOperations } from './registry-service';
import { readAnnouncement } from './server-file';

/** What an ops command's registry needs of the server's settings (config.ts's ServerConfig has it). */
export interface RegistrySettings extends DbSettings {
  readonly repoRoot: string;
  readonly hostDist: string;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly opsToken: string | null;
}

export interface OpenedRegistry {
  readonly operations: RegistryOperations;
  /** How the commands reach the registry, for the operator. */
  readonly via: string;
  close(): Promise<void>;
}

/**
 * The registry for an ops command. PostgreSQL is shared, so commands use it directly. The
 * embedded database admits one process: when a running server holds it, commands go through
 * that server's `/ops` routes (which need OPS_TOKEN); otherwise they open it themselves.
 */
export async function openRegistry(config: RegistrySettings, serverUrl: string | undefined): Promise<OpenedRegistry> {
  try {
    const db = await openDb(config);
    const registry = new RegistryService(db, new DbReleaseStore(db));
    try {
      await migrate(db);
      // A registry nobody opened yet starts from this machine's builds, as a server's start would.
      await recordBuildsAsReleases(db, registry, buildFolders(config.repoRoot, config.hostDist));
    } catch (error) {
      await db.close();
      throw error;
    }
    return {
      operations: registry,
      via: config.databaseUrl ? 'PostgreSQL (direct)' : `the embedded database in ${config.dataDir} (direct)`,
      close: () => db.close(),
    };
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const url = serverUrl || readAnnouncement(config.dataDir)?.url;
    if (!url) throw new Error(`${error.message}\nSet TOPUP_SERVER_URL to that server's address so the command can go through it.`);
    if (!config.opsToken) {
      throw new Error(`A running server (${url}) holds the embedded database: set OPS_TOKEN (the one it was started with) to go through it.`);
    }
    return { operations: new HttpRegistry(url, config.opsToken), via: `the running server at ${url}`, close: async () => {} };
  }
}
