import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { namedCounter, registerCounters } from './request-counters';

export interface OperatorAuthOptions {
  /** Whose routes these are (`ops`, `sandbox`): each keeps its own count of refusals. */
  readonly scope: string;
  /** The bearer token operators and automation send (`OPS_TOKEN`). */
  readonly token: string;
  /** Refused attempts one address may make per window before it is refused outright. */
  readonly failuresPerWindow?: number;
  readonly windowMs?: number;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Puts every route of the calling plugin behind the operators' bearer token. Only refusals are
 * counted: an address that keeps guessing gets 429 for the rest of the window, even with the
 * right token, so the token cannot be found by trying.
 */
export async function requireOperatorToken(app: FastifyInstance, options: OperatorAuthOptions): Promise<void> {
  await registerCounters(app, options.scope);
  const refusals = namedCounter(app, 'tokenRefusals', { max: options.failuresPerWindow ?? 10, timeWindow: options.windowMs ?? 15 * 60_000 });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const status = await refusals(request, { increment: false });
    // Every refused attempt of the window is used up: not even the right token is tried now.
    if (!status.isAllowed && status.remaining === 0) {
      return reply
        .code(429)
        .header('retry-after', String(status.ttlInSeconds))
        .send({ error: 'Too many refused attempts from this address; try again later' });
    }
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (sameToken(given, options.token)) return;
    await refusals(request);
    request.log.warn({ ip: request.ip, url: request.url }, 'operator request refused: wrong or missing bearer token');
    console.warn(`[ops] refused ${request.method} ${request.url} from ${request.ip}: wrong or missing bearer token`);
    return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'A valid ops bearer token is required' });
  });
}
