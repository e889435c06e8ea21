import type { FastifyInstance } from 'fastify';
import { isReleasableApp, isSafeVersion } from './apps';
import { recordLoads, type LoadOutcome, type LoadReport } from './release-health';
import type { Db } from '../db/db';
import { registerCounters } from '../web/request-counters';

/** Where pages send what became of their remotes (host/src/federation/health-beacon.ts). */
export const HEALTH_PATH = '/mf/health';
/** Reports in one beacon, at most: a page load has one per remote it showed. */
export const MAX_REPORTS = 20;

const OUTCOMES: readonly LoadOutcome[] = ['rendered', 'manifest', 'chunk', 'render'];

/** The well-formed reports of a beacon's body; anything else in it is dropped. */
export function readReports(body: unknown): LoadReport[] | null {
  let value: unknown = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return null;
    }
  }
  const loads = value && typeof value === 'object' ? (value as { loads?: unknown }).loads : undefined;
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
  return reports;
}

/**
 * `POST /mf/health`: a page's beacon (`navigator.sendBeacon`, sent as text) of what became of each
 * remote it loaded — rendered, or failed at its manifest, a chunk or its render — with the time to
 * the first render. No cookie, address or player is kept: only counts per app, version and minute.
 * Small bodies only, and an address that keeps sending is rate limited.
 */
export async function healthRoutes(app: FastifyInstance, options: { readonly db: Db }): Promise<void> {
  await registerCounters(app, 'release-health');
  app.post(HEALTH_PATH, { bodyLimit: 4 * 1024, config: { rateLimit: { max: 120, timeWindow: 60_000 } } }, async (request, reply) => {
    const reports = readReports(request.body);
    if (!reports) return reply.code(400).header('Cache-Control', 'no-store').send({ error: 'A beacon is {"loads": [{"app", "version", "outcome", "ms"}]}' });
    await recordLoads(options.db, reports);
    return reply.code(204).send();
  });
}
