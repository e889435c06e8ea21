import type { FastifyInstance } from 'fastify';
import formBody from '@fastify/formbody';
import type { Queryable } from '../../db/db';

/**
 * The sandbox payment provider's lost-acknowledgement switch (table sandbox_switches): while it
 * holds a count, each webhook the store answers 2xx uses one up and is booked as unanswered, as if
 * the store's answer was lost on the way back; the provider then sends that webhook again, and the
 * store must take the repeat as the same payment. A drill for demos, tests and `npm run chaos`.
 */
const SWITCH = 'lose_webhook_ack';

export async function setWebhookAckLosses(db: Queryable, count: number): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_switches (name, remaining) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET remaining = EXCLUDED.remaining`,
    [SWITCH, count],
  );
}

export async function webhookAckLossesLeft(db: Queryable): Promise<number> {
  const rows = await db.query<{ remaining: number }>('SELECT remaining FROM sandbox_switches WHERE name = $1', [SWITCH]);
  return rows[0]?.remaining ?? 0;
}

/** Uses up one loss when the switch holds any: true when this acknowledgement is to be "lost". */
export async function takeWebhookAckLoss(db: Queryable): Promise<boolean> {
  const taken = await db.query(
    `UPDATE sandbox_switches SET remaining = remaining - 1 WHERE name = $1 AND remaining > 0 RETURNING remaining`,
    [SWITCH],
  );
  return taken.length > 0;
}

/** "3", 3 or "off" (0), up to 1,000,000; null when it is none of those. */
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
