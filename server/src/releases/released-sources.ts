import fs from 'node:fs';
import path from 'node:path';
import { CONTRACT_VERSION, REMOTE_IDS, remoteManifestUrl, type RemoteId, type RemoteRegistry } from '@topup/shared/contracts';
import type { HostSource, RemoteSource } from '../web/remote-source';
import type { RegistryService } from './registry-service';

/**
 * Remotes as the registry says: the live release of each remote, or its build while none is
 * live. Every released version stays served so that pages opened before a change keep working.
 */
export function releasedRemoteSource(registry: RegistryService, fallback: RemoteSource): RemoteSource {
  return {
    async registry(): Promise<RemoteRegistry> {
      const [live, built] = await Promise.all([registry.repo.liveVersions(), fallback.registry()]);
      const remotes = { ...built.remotes };
      for (const remote of REMOTE_IDS) {
        const version = live[remote];
        if (version) remotes[remote] = { version, manifestUrl: remoteManifestUrl(remote, version) };
      }
      return { contractVersion: CONTRACT_VERSION, remotes };
    },
    async directoryOf(remote: RemoteId, version: string) {
      if (registry.files.exists(remote, version)) return registry.files.dirOf(remote, version);
      return fallback.directoryOf(remote, version);
    },
  };
}

/** The host shell: the live host release, or the host build while none is live. */
export function releasedHostSource(registry: RegistryService, hostDist: string): HostSource {
  return {
    async liveDir() {
      const version = (await registry.repo.liveVersions()).host;
      return version && registry.files.exists('host', version) ? registry.files.dirOf('host', version) : hostDist;
    },
    async assetDirs() {
      const live = await this.liveDir();
      const released = registry.files.versionsOnDisk('host').map((v) => registry.files.dirOf('host', v)).reverse();
      return [live, hostDist, ...released.filter((dir) => dir !== live)].filter((dir, i, all) => all.indexOf(dir) === i && fs.existsSync(dir));
    },
  };
}

/** The host build alone (no database, e.g. a server that only hosts pages). */
export function builtHostSource(hostDist: string): HostSource {
  return {
    async liveDir() {
      return hostDist;
    },
    async assetDirs() {
      return [hostDist];
    },
  };
}

/** Resolves a file name inside one of `dirs`, refusing anything that escapes its folder. */
export function findFileIn(dirs: readonly string[], file: string): { dir: string; relative: string } | null {
  for (const dir of dirs) {
    const full = path.resolve(dir, file);
    if (!full.startsWith(dir + path.sep)) continue;
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return { dir, relative: path.relative(dir, full) };
  }
  return null;
}
