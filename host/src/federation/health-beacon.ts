import type { RemoteId } from '@topup/shared/contracts';
import type { LoadNote } from './health';
import type { LoadedRegistry } from './registry';

/** Where the server takes the reports (server/src/http/releases/health-routes.ts). */
const HEALTH_PATH = '/mf/health';

type Outcome = 'rendered' | 'manifest' | 'chunk' | 'render';

/**
 * What failed: a chunk of the remote's code (webpack's ChunkLoadError), its manifest or entry (the
 * federation runtime's RUNTIME-0xx errors, or an entry without the page), or else its page's render.
 */
export function failureOf(error: unknown): Outcome {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/ChunkLoadError|Loading (CSS )?chunk/i.test(text)) return 'chunk';
  if (/RUNTIME-0\d\d|did not expose a page|Failed to fetch/.test(text)) return 'manifest';
  return 'render';
}

const reported = new Set<RemoteId>();
let sampled: boolean | null = null;

/**
 * Sends one report per remote and page load — its version and what became of its page, with the
 * time from the page load to its first render — as one beacon. A page load outside the sample
 * (`store.healthSample`) sends nothing; a previewed version is never reported. The beacon carries the
 * load's signed token (`health`), which the store counts once per remote.
 */
async function sendNotes(notes: readonly LoadNote[], registry: () => Promise<LoadedRegistry>): Promise<void> {
  const loaded = await registry().catch(() => null);
  if (!loaded) return;
  sampled ??= Math.random() < (loaded.registry.store?.healthSample ?? 1);
  if (!sampled) return;
  const loads = [];
  for (const [remote, what, error, at] of notes) {
    const entry = loaded.registry.remotes[remote];
    if (reported.has(remote) || !entry || entry.preview) continue;
    reported.add(remote);
    const outcome: Outcome = what === 'rendered' ? 'rendered' : failureOf(error);
    loads.push({ app: remote, version: entry.version, outcome, ...(outcome === 'rendered' ? { ms: Math.round(at) } : {}) });
  }
  // The page load's token from the registry answer: without it the store counts nothing.
  if (loads.length > 0) navigator.sendBeacon?.(HEALTH_PATH, JSON.stringify({ token: loaded.registry.health, loads }));
}

/**
 * Sends what was noted so far, then what comes later (another remote's page) every few seconds. The
 * shell hands in its notes and its registry, so that nothing of the first load is imported from here.
 */
export function startSending(loadNotes: LoadNote[], registry: () => Promise<LoadedRegistry>): void {
  const send = () => {
    if (loadNotes.length > 0) void sendNotes(loadNotes.splice(0), registry);
  };
  send();
  setInterval(send, 5000);
  addEventListener('pagehide', send);
}
