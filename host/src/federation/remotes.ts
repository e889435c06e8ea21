import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTE_CONTRACTS, REMOTE_IDS, type RemoteId } from '@topup/shared';
import { forgetPreview, previewRequest } from './preview';
import { loadRegistry, type LoadedRegistry } from './registry';
import { earlyManifestPlugin } from './early-manifest';

let registered: Promise<LoadedRegistry> | null = null;
let pluginRegistered = false;

/** Registers every remote of the registry with the federation runtime, once per page load. */
export function ensureRemotesRegistered(): Promise<LoadedRegistry> {
  if (!registered) {
    registered = loadRegistry(previewRequest(), forgetPreview).then((loaded) => {
      if (!pluginRegistered) {
        registerPlugins([earlyManifestPlugin()]);
        pluginRegistered = true;
      }
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

type PageModule = { default: ComponentType };

const prefetched = new Map<string, Promise<PageModule>>();

/**
 * Starts loading the page the address shows while the shell is still starting, instead of when its
 * route first renders. The route takes that load once; a Retry loads afresh.
 */
export function prefetchRemotePage(remote: RemoteId, expose: string): void {
  const key = `${remote}/${expose}`;
  if (prefetched.has(key)) return;
  const loading = fetchRemotePage(remote, expose);
  // A failure is the route's to show (with Retry), not an unhandled rejection here.
  loading.catch(() => undefined);
  prefetched.set(key, loading);
}

/** Loads one exposed page of a remote; rejects when the remote is down or broken. */
export function loadRemotePage(remote: RemoteId, expose: string): Promise<PageModule> {
  const key = `${remote}/${expose}`;
  const early = prefetched.get(key);
  if (early) {
    prefetched.delete(key);
    // An early load that failed (say the registry could not be read yet) is tried once more.
    return early.catch(() => fetchRemotePage(remote, expose));
  }
  return fetchRemotePage(remote, expose);
}

async function fetchRemotePage(remote: RemoteId, expose: string): Promise<PageModule> {
  await ensureRemotesRegistered();
  const module = await loadRemote<{ default?: ComponentType }>(`${REMOTE_CONTRACTS[remote].mfName}/${expose}`);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`${remote} did not expose a page as ${expose}`);
  }
  return { default: module.default };
}
