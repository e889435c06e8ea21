import type { ComponentType } from 'react';
import type { RemoteId } from '@topup/shared/contracts';

export type PageModule = { default: ComponentType };
type LoadPage = (remote: RemoteId, expose: string) => Promise<PageModule>;

/**
 * Page loads that can start early: `prefetch` starts loading the page the address shows while the
 * shell is still starting; `load` (what a route calls) takes that early load once (one that failed is
 * tried once more) and otherwise loads afresh, so a Retry always loads afresh.
 */
export function withEarlyLoads(loadPage: LoadPage): { prefetch(remote: RemoteId, expose: string): void; load: LoadPage } {
  const early = new Map<string, Promise<PageModule>>();
  return {
    prefetch(remote, expose) {
      const key = `${remote}/${expose}`;
      if (early.has(key)) return;
      const loading = loadPage(remote, expose);
      // A failure is the route's to show (with Retry), not an unhandled rejection here.
      loading.catch(() => undefined);
      early.set(key, loading);
    },
    load(remote, expose) {
      const key = `${remote}/${expose}`;
      const loading = early.get(key);
      if (!loading) return loadPage(remote, expose);
      early.delete(key);
      return loading.catch(() => loadPage(remote, expose));
    },
  };
}
