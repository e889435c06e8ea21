import { CONTRACT_VERSION, REMOTE_IDS, remoteManifestUrl, type RemoteRegistry } from '@topup/shared/contracts';
import type { HostSource, RemoteSource } from './remote-source';
import { etagOf, folderBuild, type ServedBuild } from './served-build';
import type { ReleasableApp } from './apps';
import { versionFor } from './canary';
import type { ReleaseFileCache } from './release-file-cache';
import type { RegistryService } from './registry-service';

/** One release's files, from the release store through this instance's cache. */
export function releaseBuild(cache: ReleaseFileCache, app: ReleasableApp, version: string): ServedBuild {
  return {
    async read(file) {
      const stored = await cache.read(app, version, file);
      return stored && { content: stored.content, etag: etagOf(stored.sha256) };
    },
  };
}

/**
 * Remotes as the registry says: the live release of each remote, or its build while it has no
 * release. Every released version stays served so that pages opened before a change keep working.
 */
export function releasedRemoteSource(registry: RegistryService, cache: ReleaseFileCache, fallback: RemoteSource): RemoteSource {
  return {
    async registry(bucket: number | null = null): Promise<RemoteRegistry> {
      // `npm run dev`: players get the remotes' dev servers, whatever is live.
      if (fallback.devServers) return fallback.registry();
      const [live, built] = await Promise.all([registry.repo.liveStates(), fallback.registry()]);
      const remotes = { ...built.remotes };
      for (const remote of REMOTE_IDS) {
        const state = live[remote];
        if (!state) continue;
        const version = versionFor(state, bucket);
        remotes[remote] = { version, manifestUrl: remoteManifestUrl(remote, version) };
      }
      return { contractVersion: CONTRACT_VERSION, remotes };
    },
    async filesOf(remote, version) {
      if (await cache.index(remote, version)) return releaseBuild(cache, remote, version);
      return fallback.filesOf(remote, version);
    },
  };
}

/** The host shell: the live host release, or the host build while no host release is live. */
export function releasedHostSource(registry: RegistryService, cache: ReleaseFileCache, hostDist: string): HostSource {
  const liveRelease = async () => {
    const version = (await registry.repo.liveVersions()).host;
    return version && (await cache.index('host', version)) ? version : null;
  };
  return {
    async live() {
      const version = await liveRelease();
      return version ? releaseBuild(cache, 'host', version) : folderBuild(hostDist);
    },
    async *builds() {
      const live = await liveRelease();
      if (live) yield releaseBuild(cache, 'host', live);
      yield folderBuild(hostDist);
      // Older host releases last, newest first: only asked for when a file is in neither.
      for (const version of (await cache.store.versions('host')).reverse()) {
        if (version !== live) yield releaseBuild(cache, 'host', version);
      }
    },
  };
}

/** The host build alone (no database, e.g. a server that only hosts pages). */
export function builtHostSource(hostDist: string): HostSource {
  const build = folderBuild(hostDist);
  return {
    async live() {
      return build;
    },
    async *builds() {
      yield build;
    },
  };
}
