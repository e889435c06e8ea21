import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_IDS, remoteManifestUrl, type RemoteId, type RemoteRegistry, CONTRACT_VERSION } from '@topup/shared/contracts';
import { folderBuild, type ServedBuild } from './served-build';

/** Where the server finds the files of each remote version, and which version is live. */
export interface RemoteSource {
  /** The live version of every remote. */
  /** `bucket`: the browser's place in canary splits (releases/canary.ts); without one, everyone's versions. */
  registry(bucket?: number | null): Promise<RemoteRegistry>;
  /** The files of `remote@version`, or null when that version is unknown. */
  filesOf(remote: RemoteId, version: string): Promise<ServedBuild | null>;
  /** Dev servers answer for every remote (`npm run dev`): releases are not laid over them. */
  readonly devServers?: boolean;
}

/** Where the host shell's files come from: the live build first, then older ones for pages opened before a change. */
export interface HostSource {
  /** The build whose `index.html` players get. */
  live(): Promise<ServedBuild>;
  /** The builds whose files are served at `/`, in the order they are looked in: the live one first. */
  builds(): AsyncIterable<ServedBuild>;
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
 * Serves each remote straight from its `dist/` folder: the live version is whatever was built
 * last. Used for a remote that has no release yet, and by a server without a database; releases
 * are served from the release store.
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
    async filesOf(remote, version) {
      const dir = distOf(remote);
      return readManifestVersion(dir) === version ? folderBuild(dir) : null;
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
    async filesOf() {
      return null;
    },
    devServers: true,
  };
}

/** `DEV_REMOTES=1` (set by `npm run dev`) serves remotes from their dev servers, else from their builds. */
export function remoteSourceOf(repoRoot: string, devRemotes: boolean): RemoteSource {
  return devRemotes ? devServerRemoteSource() : distRemoteSource(repoRoot);
}
