import type { FastifyInstance } from 'fastify';
import { isReleasableApp, isSafeVersion } from '../../releases/apps';
import { bucketOf } from '../../releases/canary';
import type { ReleaseHealthSettings } from '../../releases/health-settings';
import { networkOf, readLoadToken } from '../../releases/load-tokens';
import { countLoads, type LoadOutcome, type LoadReport } from '../../releases/release-health';
import type { Signer } from '../../releases/signing-key';
import type { Db } from '../../db/db';
import { registerCounters } from '../web/request-counters';

/** Where pages send what became of their remotes (host/src/federation/health-beacon.ts). */
export const HEALTH_PATH = '/mf/health';
/** Reports in one beacon, at most: a page load has one per remote it showed. */
export const MAX_REPORTS = 20;

const OUTCOMES: readonly LoadOutcome[] = ['rendered', 'manifest', 'chunk', 'render'];

/** A beacon: its page load's token (from the registry answer) and its reports. */
export interface Beacon {
  readonly token: string | null;
  readonly reports: LoadReport[];
}

/** The well-formed reports of a beacon's body, with its token; null when the body is not a beacon. */
export function readBeacon(body: unknown): Beacon | null {
  let value: unknown = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const { loads, token } = value as { loads?: unknown; token?: unknown };
  if (!Array.isArray(loads) || loads.length > MAX_REPORTS) return null;
  const reports: LoadReport[] = [];
  for (const item of loads) {
    if (!item || typeof item !== 'object') return null;
    const { app, version, outcome, ms } = item as Record<string, unknown>;
    if (typeof app !== 'string' || !isReleasableApp(app) || typeof version !== 'string' || !isSafeVersion(version)) return null;
    if (typeof outcome !== 'string' || !OUTCOMES.includes(outcome as LoadOutcome)) return null;
    const time = typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 600_000) : undefined;
    reports.push({ app, version, outcome: outcome as LoadOutcome, ms: time });
  }
  return { token: typeof token === 'string' ? token : null, reports };
}

/** The well-formed reports of a beacon's body; null when the body is not a beacon. */
export function readReports(body: unknown): LoadReport[] | null {
  return readBeacon(body)?.reports ?? null;
}

export interface HealthRoutesOptions {
  readonly db: Db;
  readonly settings: Pick<ReleaseHealthSettings, 'perNetwork' | 'windowMinutes'>;
  readonly signer: () => Promise<Signer>;
}

/**
 * `POST /mf/health`: a page's beacon (`navigator.sendBeacon`, sent as text) of what became of each
 * remote it loaded — rendered, or failed at its manifest, a chunk or its render — with the time to
 * the first render. Only loads the store served count: each report needs the page load's signed
 * token (the registry answer's `health`), for the version it names, from the browser it was issued
 * to; each app of a load counts once, and one network counts at most `perNetwork` loads of a version
 * in a window. Anything else is dropped without a word (204), as a beacon cannot be retried. No
 * cookie, address or player is kept beyond the window: only counts per app, version and minute.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions): Promise<void> {
  await registerCounters(app, 'release-health');
  app.post(HEALTH_PATH, { bodyLimit: 4 * 1024, config: { rateLimit: { max: 120, timeWindow: 60_000 } } }, async (request, reply) => {
    const beacon = readBeacon(request.body);
    if (!beacon) return reply.code(400).header('Cache-Control', 'no-store').send({ error: 'A beacon is {"token", "loads": [{"app", "version", "outcome", "ms"}]}' });
    const token = readLoadToken(await options.signer(), beacon.token);
    // A token issued to another browser (its canary bucket) is someone else's load.
    if (!token || (token.bucket !== null && token.bucket !== bucketOf(request.headers.cookie))) return reply.code(204).send();
    const reports = beacon.reports.filter((report) => token.versions[report.app] === report.version);
    if (reports.length > 0) {
      await countLoads(options.db, { tokenId: token.id, network: networkOf(request.ip), reports }, { perNetwork: options.settings.perNetwork, windowMinutes: options.settings.windowMinutes });
    }
    return reply.code(204).send();
  });
}
