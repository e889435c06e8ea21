import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isEmailAddress } from '@topup/shared/formats';
import type { Db } from '../../db/db';
import {
  ALERT_KINDS,
  addEmailChannel,
  addWebhookChannel,
  countChannels,
  deliveriesOfOperator,
  findChannel,
  listChannels,
  listIncidents,
  markSeen,
  MAX_CHANNELS,
  queueTestDelivery,
  recentTest,
  removeChannel,
  resolvedWebhookProblem,
  setSubscriptions,
  shownWebhookUrl,
  subscriptionsOf,
  unseenCount,
  WEBHOOK_FORMATS,
  webhookUrlProblem,
  type AlertKind,
  type WebhookFormat,
  type WebhookPolicy,
} from '../../alerts';
import { writeAudit } from '../../ops/audit';
import { OperationRefused } from '../../domain-errors';
import { actorOf, text } from './route-parts';

export interface AlertRouteOptions {
  readonly db: Db;
  /** Where webhooks may point (ALERT_*: public https in production). */
  readonly webhooks: WebhookPolicy;
  /** The alert worker, woken when a test is queued. */
  readonly wake?: () => void;
}

/** A channel's tests are at least this far apart. */
const TEST_EVERY_MS = 10_000;

/** The signed-in operator's id: subscriptions and channels are an operator's own, never automation's. */
function operatorIdOf(request: FastifyRequest): number {
  const { operatorId } = actorOf(request);
  if (operatorId === null) throw new OperationRefused('forbidden', 'Alerts are an operator\'s own: sign in to manage them', 'operatorOnly');
  return operatorId;
}

/**
 * `/ops/api/alerts*`: the incidents (every role: `read`), and each signed-in operator's own
 * subscriptions and channels, a webhook's secret shown once, a test per channel. Changes are audited
 * without the webhook's address (its path is a secret for Slack and Discord) or its secret.
 */
export async function alertRoutes(app: FastifyInstance, options: AlertRouteOptions): Promise<void> {
  const { db } = options;

  app.get<{ Querystring: { limit?: string } }>(
    '/alerts',
    { config: { permission: 'read' }, schema: { querystring: { type: 'object', properties: { limit: { type: 'string', pattern: '^[0-9]{1,3}$' } } } } },
    async (request) => {
      const limit = Math.min(200, Math.max(1, Number(request.query.limit ?? 100)));
      const operatorId = actorOf(request).operatorId;
      return { kinds: ALERT_KINDS, incidents: await listIncidents(db, limit), unseen: operatorId === null ? 0 : await unseenCount(db, operatorId) };
    },
  );

  app.get('/alerts/unseen', { config: { permission: 'read' } }, async (request) => {
    const operatorId = actorOf(request).operatorId;
    return { unseen: operatorId === null ? 0 : await unseenCount(db, operatorId) };
  });

  app.post('/alerts/seen', { config: { permission: 'read' } }, async (request) => {
    const operatorId = operatorIdOf(request);
    await markSeen(db, operatorId);
    return { unseen: await unseenCount(db, operatorId) };
  });

  const mine = async (operatorId: number) => ({
    kinds: ALERT_KINDS,
    formats: WEBHOOK_FORMATS,
    subscriptions: await subscriptionsOf(db, operatorId),
    channels: await listChannels(db, operatorId),
    deliveries: await deliveriesOfOperator(db, operatorId, 3),
  });

  app.get('/alerts/mine', { config: { permission: 'read' } }, async (request) => mine(operatorIdOf(request)));

  app.post<{ Body: { kinds: AlertKind[] } }>(
    '/alerts/subscriptions',
    {
      config: { permission: 'read' },
      schema: {
        body: {
          type: 'object',
          required: ['kinds'],
          properties: { kinds: { type: 'array', uniqueItems: true, maxItems: ALERT_KINDS.length, items: { type: 'string', enum: [...ALERT_KINDS] } } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const operatorId = operatorIdOf(request);
      const actor = actorOf(request);
      await db.transaction(async (tx) => {
        const before = await subscriptionsOf(tx, operatorId);
        await setSubscriptions(tx, operatorId, request.body.kinds);
        await writeAudit(tx, actor, { action: 'alerts.subscriptions', targetType: 'operator', targetId: actor.name, before: { kinds: before }, after: { kinds: [...request.body.kinds].sort() } });
      });
      return mine(operatorId);
    },
  );

  app.post<{ Body: { channel: 'email' | 'webhook'; email?: string; url?: string; format?: WebhookFormat; label?: string } }>(
    '/alerts/channels',
    {
      config: { permission: 'read' },
      schema: {
        body: {
          type: 'object',
          required: ['channel'],
          properties: {
            channel: { type: 'string', enum: ['email', 'webhook'] },
            email: text(254),
            url: text(2000),
            format: { type: 'string', enum: [...WEBHOOK_FORMATS] },
            label: text(80),
          },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const operatorId = operatorIdOf(request);
      const actor = actorOf(request);
      const { channel, label = '' } = request.body;
      if ((await countChannels(db, operatorId)) >= MAX_CHANNELS) throw new OperationRefused('conflict', `At most ${MAX_CHANNELS} channels per operator`, 'tooManyChannels');
      if (channel === 'email') {
        const email = (request.body.email ?? '').trim();
        if (!isEmailAddress(email)) throw new OperationRefused('invalid', 'Give one plain e-mail address', 'badAlertEmail');
        const id = await db.transaction(async (tx) => {
          const made = await addEmailChannel(tx, operatorId, email, label.trim());
          await writeAudit(tx, actor, { action: 'alerts.channel_add', targetType: 'alert_channel', targetId: String(made), after: { channel, email, label } });
          return made;
        });
        reply.code(201);
        return { channel: { id, channel, email, label }, ...(await mine(operatorId)) };
      }
      const url = (request.body.url ?? '').trim();
      const format = request.body.format ?? 'json';
      const problem = webhookUrlProblem(url, options.webhooks) ?? (await resolvedWebhookProblem(url, options.webhooks));
      if (problem) throw new OperationRefused('invalid', `The store may not post to this address: ${problem}`, 'badWebhookUrl');
      const made = await db.transaction(async (tx) => {
        const added = await addWebhookChannel(tx, operatorId, url, format, label.trim());
        await writeAudit(tx, actor, { action: 'alerts.channel_add', targetType: 'alert_channel', targetId: String(added.id), after: { channel, url: shownWebhookUrl(url), format, label } });
        return added;
      });
      reply.code(201);
      // The secret, this once: the store never shows it again (a new channel gets a new one).
      return { channel: { id: made.id, channel, url: shownWebhookUrl(url), format, label }, secret: made.secret, ...(await mine(operatorId)) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/alerts/channels/:id',
    { config: { permission: 'read' }, schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } } } } },
    async (request) => {
      const operatorId = operatorIdOf(request);
      const actor = actorOf(request);
      const id = Number(request.params.id);
      const removed = await db.transaction(async (tx) => {
        if (!(await removeChannel(tx, operatorId, id))) return false;
        await writeAudit(tx, actor, { action: 'alerts.channel_remove', targetType: 'alert_channel', targetId: String(id) });
        return true;
      });
      if (!removed) throw new OperationRefused('notFound', `No channel ${id} of yours`, 'noSuchChannel');
      return mine(operatorId);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/alerts/channels/:id/test',
    { config: { permission: 'read' }, schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } } } } },
    async (request, reply) => {
      const operatorId = operatorIdOf(request);
      const actor = actorOf(request);
      const id = Number(request.params.id);
      const delivery = await db.transaction(async (tx) => {
        const channel = await findChannel(tx, operatorId, id);
        if (!channel) throw new OperationRefused('notFound', `No channel ${id} of yours`, 'noSuchChannel');
        if (await recentTest(tx, id, TEST_EVERY_MS)) throw new OperationRefused('tooMany', 'A test of this channel was just sent: wait a few seconds', 'testTooSoon');
        const queued = await queueTestDelivery(tx, channel);
        await writeAudit(tx, actor, { action: 'alerts.channel_test', targetType: 'alert_channel', targetId: String(id), after: { delivery: queued } });
        return queued;
      });
      options.wake?.();
      reply.code(202);
      return { delivery_id: delivery, ...(await mine(operatorId)) };
    },
  );
}
