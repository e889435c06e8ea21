import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTE_CONTRACTS, REMOTE_IDS, type RemoteId } from '@topup/shared/contracts';
import { forgetPreview, previewRequest } from './preview';
import { loadRegistry, type LoadedRegistry } from './registry';
import { earlyManifestPlugin } from './early-manifest';
import { withEarlyLoads, type PageModule } from './early-page-loads';

// The runtime takes the manifest index.html already asked for (see early-manifest.ts).
registerPlugins([earlyManifestPlugin()]);

let registered: Promise<LoadedRegistry> | null = null;

/** Registers every remote of the registry with the federation runtime, once per page load. */
export function ensureRemotesRegistered(): Promise<LoadedRegistry> {
  if (!registered) {
    registered = loadRegistry(previewRequest(), forgetPreview).then((loaded) => {
      registerRemotes(
        REMOTE_IDS.map((remote) => ({
          name: REMOTE_CONTRACTS[remote].mfName,
          entry: loaded.registry.remotes[remote].manifestUrl,
        })),
      );
      return loaded;
    });
    // A failed registry fetch is retried on the next attempt instead of being cached.
    registered.catch(() => {
      registered = null;
    });
  }
  return registered;
}

const pages = withEarlyLoads(fetchRemotePage);

/** Starts loading the page the address shows while the shell is still starting (taken once by its route). */
export function prefetchRemotePage(remote: RemoteId, expose: string): void {
  pages.prefetch(remote, expose);
}

/** Loads one exposed page of a remote; rejects when the remote is down or broken. */
export function loadRemotePage(remote: RemoteId, expose: string): Promise<PageModule> {
  return pages.load(remote, expose);
}

async function fetchRemotePage(remote: RemoteId, expose: string): Promise<PageModule> {
  await ensureRemotesRegistered();
  const module = await loadRemote<{ default?: ComponentType }>(`${REMOTE_CONTRACTS[remote].mfName}/${expose}`);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`${remote} did not expose a page as ${expose}`);
  }
  return { default: module.default };
}
