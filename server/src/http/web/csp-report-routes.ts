import type { FastifyInstance } from 'fastify';
import { registerCounters } from './request-counters';
import { CSP_REPORT_PATH } from './security-headers';

/** The part of a browser's violation report worth logging (no query strings: order ids travel there). */
function summary(body: unknown): Record<string, string> {
  const report = (body && typeof body === 'object' && 'csp-report' in body ? (body as { 'csp-report': unknown })['csp-report'] : body) ?? {};
  const field = (name: string) => {
    const value = (report as Record<string, unknown>)[name];
    return typeof value === 'string' ? value.split('?')[0]!.slice(0, 200) : '';
  };
  return {
    page: field('document-uri'),
    directive: field('violated-directive') || field('effective-directive'),
    blocked: field('blocked-uri'),
    source: field('source-file'),
  };
}

/**
 * `POST /csp-reports`: browsers report what the Content-Security-Policy blocked, which points at
 * an attack or at a page that needs a source added. Logged as warnings; small bodies only, and
 * a page that keeps reporting is rate limited.
 */
export async function cspReportRoutes(app: FastifyInstance): Promise<void> {
  await registerCounters(app, 'csp-reports');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(['application/csp-report', 'application/reports+json'], { parseAs: 'string', bodyLimit: 8 * 1024 }, parseJson);
  app.post(CSP_REPORT_PATH, { bodyLimit: 8 * 1024, config: { rateLimit: { max: 60, timeWindow: 60_000 } } }, async (request, reply) => {
    request.log.warn({ csp: summary(request.body) }, 'content security policy violation reported');
    return reply.code(204).send();
  });
}
