import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { withDemoRibbon } from './demo-ribbon';
import { inlineHashes, type InlineHashes } from './html-page';

/** Where browsers send what the Content-Security-Policy blocked (csp-report-routes.ts). */
export const CSP_REPORT_PATH = '/csp-reports';

export interface SecurityHeadersOptions {
  /** Other origins pages may load code, styles, images and data from (a CDN in front of the release files). */
  readonly assetOrigins: readonly string[];
  /** A public demo: every HTML page carries the "no real payments" ribbon. */
  readonly demo: boolean;
}

const NO_INLINE: InlineHashes = { scripts: [], styles: [] };

/**
 * The store's Content-Security-Policy: its own origin (and the asset origins) for code, styles,
 * images and calls; inline code only by hash; no plugins, no framing (the checkout's Pay button
 * must not be clickjacked), forms post only to the store.
 */
export function cspDirectives(assetOrigins: readonly string[], inline: InlineHashes = NO_INLINE) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inline.scripts, ...assetOrigins],
    styleSrc: ["'self'", ...inline.styles, ...assetOrigins],
    imgSrc: ["'self'", 'data:', ...assetOrigins],
    fontSrc: ["'self'", 'data:', ...assetOrigins],
    connectSrc: ["'self'", ...assetOrigins],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    reportUri: [CSP_REPORT_PATH],
  };
}

/** What helmet sets on every answer, the same for routes and for Fastify's own refusals. */
function helmetSettings(assetOrigins: readonly string[]) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(assetOrigins) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    frameguard: { action: 'deny' as const },
    strictTransportSecurity: false,
    // Release files may be served to the store's pages from a CDN's origin.
    crossOriginResourcePolicy: { policy: assetOrigins.length ? ('cross-origin' as const) : ('same-origin' as const) },
  };
}

/** Helmet's middleware for every answer, built once: its headers are worked out when it is made. */
function everyAnswersHeaders(assetOrigins: readonly string[]) {
  const { frameguard, ...rest } = helmetSettings(assetOrigins);
  return helmet({ ...rest, xFrameOptions: frameguard });
}

/**
 * Fastify's own refusals before any route is found (an address that does not decode, `/%E0%A4%A`; a
 * path parameter too long) run no hook, so helmet never sees them: `frameworkErrors` answers them
 * with the same headers as every other answer, and in the store's words.
 */
export function frameworkErrorAnswer(assetOrigins: readonly string[]): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const headers = everyAnswersHeaders(assetOrigins);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    const answer = () => reply.code(status).header('cache-control', 'no-store').send({ error: status === 414 ? 'The address is too long' : 'The address could not be read' });
    headers(request.raw, reply.raw, () => {
      if (request.protocol === 'https') hsts(request.raw, reply.raw, answer);
      else answer();
    });
  };
}

// HSTS is only meaningful on an answer that came over TLS (see "Going to production").
const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });

declare module 'fastify' {
  interface FastifyReply {
    /** Sets the CSP of an HTML answer, allowing its own inline code by hash. */
    htmlSecurity(inline: InlineHashes): Promise<void>;
    /** Sends an HTML page (never cached) with its CSP, and the demo ribbon in a public demo. */
    sendHtml(html: string, status?: number): Promise<FastifyReply>;
  }
}

/** How many HTML pages' policies are kept built (the shell, the checkout, the help page...; each differs only by its inline hashes). */
const HTML_POLICIES_KEPT = 64;

/**
 * Security headers on every answer (helmet): nosniff, the referrer policy (order ids travel in
 * URLs), no framing, the CSP; HSTS when the request came over TLS (directly, or through a
 * trusted proxy that says so). Call it on the root instance: its hooks cover every route.
 *
 * Helmet's middleware is built once and run on each request (decision 128): building it per request,
 * as the Fastify plugin did, parsed the CSP's directives again on every answer.
 */
export function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const headers = everyAnswersHeaders(options.assetOrigins);
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (error?: unknown) => {
      if (error) return done(error as Error);
      if (request.protocol === 'https') return hsts(request.raw, reply.raw, done);
      done();
    });
  });

  // An HTML page's CSP names its own inline code by hash; the policy for each set of hashes is built once.
  const htmlPolicies = new Map<string, ReturnType<typeof helmet.contentSecurityPolicy>>();
  const htmlPolicy = (inline: InlineHashes) => {
    const key = `${inline.scripts.join(' ')}|${inline.styles.join(' ')}`;
    let policy = htmlPolicies.get(key);
    if (!policy) {
      policy = helmet.contentSecurityPolicy({ useDefaults: false, directives: cspDirectives(options.assetOrigins, inline) });
      if (htmlPolicies.size >= HTML_POLICIES_KEPT) htmlPolicies.delete(htmlPolicies.keys().next().value as string);
      htmlPolicies.set(key, policy);
    }
    return policy;
  };
  app.decorateReply('htmlSecurity', function (this: FastifyReply, inline: InlineHashes) {
    const policy = htmlPolicy(inline);
    return new Promise<void>((resolve, reject) => policy(this.request.raw, this.raw, (error?: unknown) => (error ? reject(error as Error) : resolve())));
  });
  app.decorateReply('sendHtml', async function (this: FastifyReply, html: string, status = 200) {
    const page = options.demo ? withDemoRibbon(html) : html;
    await this.htmlSecurity(inlineHashes(page));
    return this.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
}
