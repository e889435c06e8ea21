import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_IDS, remoteManifestUrl, type RemoteId, type RemoteRegistry, CONTRACT_VERSION } from '@topup/shared/contracts';

/** Where the server finds the files of each remote version, and which version is live. */
export interface RemoteSource {
  /** The live version of every remote. */
  registry(): Promise<RemoteRegistry>;
  /** The folder that holds `remote@version`, or null when that version is unknown. */
  directoryOf(remote: RemoteId, version: string): Promise<string | null>;
}

/** Where the host shell's files come from: the live folder first, then older ones for open pages. */
export interface HostSource {
  liveDir(): Promise<string>;
  assetDirs(): Promise<string[]>;
}

interface ManifestMeta {
  metaData?: { buildInfo?: { buildVersion?: string } };
}

/** Reads the build version stamped into a remote's mf-manifest.json. */
export function readManifestVersion(dir: string): string | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as ManifestMeta;
    return manifest.metaData?.buildInfo?.buildVersion ?? null;
  } catch {
    return null;
  }
}

/**
 * Serves each remote straight from its `dist/` folder: the live version is whatever
 * was built last. Used for local runs; releases are served from the release store.
 */
export function distRemoteSource(repoRoot: string): RemoteSource {
  const distOf = (remote: RemoteId) => path.join(repoRoot, remote, 'dist');
  return {
    async registry() {
      const remotes = {} as Record<RemoteId, { version: string; manifestUrl: string }>;
      for (const remote of REMOTE_IDS) {
        const version = readManifestVersion(distOf(remote)) ?? 'missing';
        remotes[remote] = { version, manifestUrl: remoteManifestUrl(remote, version) };
      }
      return { contractVersion: CONTRACT_VERSION, remotes };
    },
    async directoryOf(remote, version) {
      const dir = distOf(remote);
      return readManifestVersion(dir) === version ? dir : null;
    },
  };
}

/** Dev servers of `npm run dev` (ports 3001–3004): the registry points the host at them. */
export const DEV_SERVER_PORTS: Readonly<Record<RemoteId, number>> = {
  'remote-topup': 3001,
  'remote-voucher': 3002,
  'remote-pccenter': 3003,
  'remote-ops': 3004,
};

export function devServerRemoteSource(): RemoteSource {
  return {
    async registry() {
      const remotes = {} as Record<RemoteId, { version: string; manifestUrl: string }>;
      for (const remote of REMOTE_IDS) {
        remotes[remote] = { version: 'dev', manifestUrl: `http://127.0.0.1:${DEV_SERVER_PORTS[remote]}/mf-manifest.json` };
      }
      return { contractVersion: CONTRACT_VERSION, remotes };
    },
    async directoryOf() {
      return null;
    },
  };
}

/** `DEV_REMOTES=1` (set by `npm run dev`) serves remotes from their dev servers, else from their builds. */
export function remoteSourceFromEnv(repoRoot: string, env: NodeJS.ProcessEnv = process.env): RemoteSource {
  return env.DEV_REMOTES === '1' ? devServerRemoteSource() : distRemoteSource(repoRoot);
}
