import { REMOTE_IDS, type RemoteRegistry } from '@topup/shared';

/** Fetches which version of each remote is live. Never cached: a rollback shows on the next load. */
export async function fetchRegistry(fetcher: typeof fetch = fetch): Promise<RemoteRegistry> {
  const response = await fetcher('/mf/registry.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`registry answered HTTP ${response.status}`);
  const registry = (await response.json()) as RemoteRegistry;
  for (const remote of REMOTE_IDS) {
    if (!registry.remotes?.[remote]?.manifestUrl) throw new Error(`registry has no entry for ${remote}`);
  }
  return registry;
}
