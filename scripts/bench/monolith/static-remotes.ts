// The monolith build's stand-in for host/src/federation/remotes.ts: the same pages, bundled into the
// host as ordinary lazy chunks, no federation runtime and no registry. Benchmarks only.
import { withEarlyLoads, type PageModule } from '../../../host/src/federation/early-page-loads';
import { CONTRACT_VERSION, REMOTE_IDS, type RemoteId, type RemoteRegistry } from '@topup/shared/contracts';

const IMPORTERS: Record<RemoteId, (expose: string) => Promise<PageModule>> = {
  'remote-topup': (expose) => import(`../../../remote-topup/src/exposes/${expose}.tsx`),
  'remote-voucher': (expose) => import(`../../../remote-voucher/src/exposes/${expose}.tsx`),
  'remote-pccenter': (expose) => import(`../../../remote-pccenter/src/exposes/${expose}.tsx`),
  'remote-ops': (expose) => import(`../../../remote-ops/src/exposes/${expose}.tsx`),
};

const registry = {
  contractVersion: CONTRACT_VERSION,
  remotes: Object.fromEntries(REMOTE_IDS.map((r) => [r, { version: 'monolith', manifestUrl: '' }])),
} as RemoteRegistry;

export function ensureRemotesRegistered(): Promise<{ registry: RemoteRegistry; refusedPreview: null }> {
  return Promise.resolve({ registry, refusedPreview: null });
}

const pages = withEarlyLoads((remote, expose) => IMPORTERS[remote](expose));

/** As the federated shell does: the address's page starts loading before the first render. */
export function prefetchRemotePage(remote: RemoteId, expose: string): void {
  pages.prefetch(remote, expose);
}

export function loadRemotePage(remote: RemoteId, expose: string): Promise<PageModule> {
  return pages.load(remote, expose);
}
