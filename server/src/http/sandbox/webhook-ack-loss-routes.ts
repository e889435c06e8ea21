import type { FastifyInstance } from 'fastify';
import formBody from '@fastify/formbody';
import type { Queryable } from '../../db/db';
import { setWebhookAckLosses, webhookAckLossesLeft } from '../../sandbox/payments/webhook-ack-losses';

/** "3", 3 or "off" (0), up to 1,000,000 (never "always": every webhook would be sent 50 times); null when it is none of those. */
function lossesFrom(value: unknown): number | null {
  if (value === 'off') return 0;
  const count = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(count) && count >= 0 && count <= 1_000_000 ? count : null;
}

/**
 * `POST /sandbox/webhook-ack-losses` with `lose_next` = a number or `off` (JSON, form or query);
 * `GET /sandbox/webhook-ack-losses` tells how many are left. Served with the sandbox's developer routes.
 */
export async function webhookAckLossRoutes(app: FastifyInstance, { db }: { readonly db: Queryable }): Promise<void> {
  await app.register(formBody, { bodyLimit: 1024 });
  app.get('/sandbox/webhook-ack-losses', async () => ({ ret: 0, data: { lose_next: await webhookAckLossesLeft(db) }, msg: 'OK' }));
  app.post<{ Body: Record<string, unknown> | undefined; Querystring: Record<string, unknown> }>('/sandbox/webhook-ack-losses', async (request, reply) => {
    const given = (request.body && typeof request.body === 'object' ? request.body.lose_next : undefined) ?? request.query.lose_next;
    const count = lossesFrom(given);
    if (count === null) return reply.code(400).send({ ret: 1003, data: null, msg: 'Invalid parameter: lose_next (a number or "off")' });
    await setWebhookAckLosses(db, count);
    return { ret: 0, data: { lose_next: count }, msg: 'OK' };
  });
}
