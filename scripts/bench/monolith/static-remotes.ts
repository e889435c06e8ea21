// The monolith build's stand-in for host/src/federation/remotes.ts: the same pages, bundled into the
// host as ordinary lazy chunks, no federation runtime and no registry. Benchmarks only.
import type { ComponentType } from 'react';
import { CONTRACT_VERSION, REMOTE_IDS, type RemoteId, type RemoteRegistry } from '@topup/shared';

type PageModule = { default: ComponentType };

const IMPORTERS: Record<RemoteId, (expose: string) => Promise<PageModule>> = {
  'remote-topup': (expose) => import(`../../../remote-topup/src/exposes/${expose}.tsx`),
  'remote-voucher': (expose) => import(`../../../remote-voucher/src/exposes/${expose}.tsx`),
  'remote-pccenter': (expose) => import(`../../../remote-pccenter/src/exposes/${expose}.tsx`),
};

const registry = {
  contractVersion: CONTRACT_VERSION,
  remotes: Object.fromEntries(REMOTE_IDS.map((r) => [r, { version: 'monolith', manifestUrl: '' }])),
} as RemoteRegistry;

export function ensureRemotesRegistered(): Promise<{ registry: RemoteRegistry; refusedPreview: null }> {
  return Promise.resolve({ registry, refusedPreview: null });
}

const prefetched = new Map<string, Promise<PageModule>>();

/** As the federated shell does: the address's page starts loading before the first render. */
export function prefetchRemotePage(remote: RemoteId, expose: string): void {
  const key = `${remote}/${expose}`;
  if (prefetched.has(key)) return;
  const loading = IMPORTERS[remote](expose);
  loading.catch(() => undefined);
  prefetched.set(key, loading);
}

export function loadRemotePage(remote: RemoteId, expose: string): Promise<PageModule> {
  const key = `${remote}/${expose}`;
  const early = prefetched.get(key);
  prefetched.delete(key);
  return early ?? IMPORTERS[remote](expose);
}
