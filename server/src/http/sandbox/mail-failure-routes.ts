import type { FastifyInstance } from 'fastify';
import formBody from '@fastify/formbody';
import type { Db } from '../../db/db';
import { mailFailuresLeft, setMailFailures } from '../../sandbox/game/mail-failures';
import { gameOutage, outageFrom, setGameOutage } from '../../sandbox/game/game-outage';

export interface MailFailureRoutesOptions {
  readonly db: Db;
}

/** "3", 3, "always" (-1), "off" or 0; null when it is none of those. */
function failuresFrom(value: unknown): number | null {
  if (value === 'always') return -1;
  if (value === 'off') return 0;
  const count = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(count) && count >= 0 && count <= 1_000_000 ? count : null;
}

/**
 * The sandbox game's failure switch, for demos and tests:
 * `POST /sandbox/mail-failures` with `fail_next` = a number, `always` or `off` (JSON, form or query);
 * `GET /sandbox/mail-failures` tells how many failures are left (-1: always);
 * `POST /sandbox/game-outage` makes the whole game down, hang or slow (game-outage.ts).
 */
export async function mailFailureRoutes(app: FastifyInstance, { db }: MailFailureRoutesOptions): Promise<void> {
  await app.register(formBody, { bodyLimit: 1024 });
  app.get('/sandbox/mail-failures', async () => ({ ret: 0, data: { fail_next: await mailFailuresLeft(db) }, msg: 'OK' }));
  app.post<{ Body: Record<string, unknown> | undefined; Querystring: Record<string, unknown> }>('/sandbox/mail-failures', async (request, reply) => {
    const given = (request.body && typeof request.body === 'object' ? request.body.fail_next : undefined) ?? request.query.fail_next;
    const count = failuresFrom(given);
    if (count === null) return reply.code(400).send({ ret: 1003, data: null, msg: 'Invalid parameter: fail_next (a number, "always" or "off")' });
    await setMailFailures(db, count);
    return { ret: 0, data: { fail_next: count }, msg: 'OK' };
  });

  // The whole game failing: `POST /sandbox/game-outage` with `mode` = off | down | hang | slow and `delay_ms`.
  const shown = (outage: Awaited<ReturnType<typeof gameOutage>>) => ({ mode: outage.mode, delay_ms: 'delayMs' in outage ? outage.delayMs : null });
  app.get('/sandbox/game-outage', async () => ({ ret: 0, data: shown(await gameOutage(db)), msg: 'OK' }));
  app.post<{ Body: Record<string, unknown> | undefined; Querystring: Record<string, unknown> }>('/sandbox/game-outage', async (request, reply) => {
    const given = request.body && typeof request.body === 'object' ? request.body : request.query;
    const outage = outageFrom(given);
    if (typeof outage === 'string') return reply.code(400).send({ ret: 1003, data: null, msg: `Invalid parameter: ${outage}` });
    await setGameOutage(db, outage);
    return { ret: 0, data: shown(outage), msg: 'OK' };
  });
}
