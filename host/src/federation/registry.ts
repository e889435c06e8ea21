import { REMOTE_IDS, type RemoteRegistry } from '@topup/shared/contracts';
import { configureApi } from '@topup/shared/api';
import { configureGameRules } from '@topup/shared/rules';

/** The server refused a preview: that remote has no such release. */
export class PreviewRefusedError extends Error {
  constructor(
    readonly preview: string,
    message: string,
  ) {
    super(message);
    this.name = 'PreviewRefusedError';
  }
}

declare global {
  interface Window {
    /** The registry read started by index.html's inline script, taken once by the shell. */
    __TOPUP_REGISTRY__?: Promise<RemoteRegistry>;
  }
}

/** The registry read that index.html started, if any; taken once so a Retry reads afresh. */
function takeEarlyRegistry(): Promise<RemoteRegistry> | null {
  const early = typeof window !== 'undefined' ? window.__TOPUP_REGISTRY__ : undefined;
  if (early) delete window.__TOPUP_REGISTRY__;
  return early ?? null;
}

/** A usable registry; its deployment's sign key applies before any remote's code can call the API. */
function checked(registry: RemoteRegistry): RemoteRegistry {
  for (const remote of REMOTE_IDS) {
    if (!registry.remotes?.[remote]?.manifestUrl) throw new Error(`registry has no entry for ${remote}`);
  }
  if (registry.store) {
    configureApi({ appKey: registry.store.appKey });
    configureGameRules(registry.store.games);
  }
  return registry;
}

/** Fetches which version of each remote is live. Never cached: a rollback shows on the next load. */
export async function fetchRegistry(preview: string | null = null, fetcher: typeof fetch = fetch): Promise<RemoteRegistry> {
  const early = preview ? null : takeEarlyRegistry();
  if (early) return checked(await early);
  const url = preview ? `/mf/registry.json?preview=${encodeURIComponent(preview)}` : '/mf/registry.json';
  const response = await fetcher(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (preview && response.status === 404) {
    const body = (await response.json().catch(() => ({}))) as { msg?: string };
    throw new PreviewRefusedError(preview, body.msg ?? 'unknown preview');
  }
  if (!response.ok) throw new Error(`registry answered HTTP ${response.status}`);
  return checked((await response.json()) as RemoteRegistry);
}

export interface LoadedRegistry {
  readonly registry: RemoteRegistry;
  /** The preview the tester asked for and the server refused, if any. */
  readonly refusedPreview: string | null;
}

/** The registry with the tab's preview applied; an unknown preview is refused and forgotten. */
export async function loadRegistry(preview: string | null, forget: () => void): Promise<LoadedRegistry> {
  try {
    return { registry: await fetchRegistry(preview), refusedPreview: null };
  } catch (error) {
    if (!(error instanceof PreviewRefusedError)) throw error;
    forget();
    return { registry: await fetchRegistry(null), refusedPreview: error.preview };
  }
}
