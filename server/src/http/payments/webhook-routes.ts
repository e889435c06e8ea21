import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import type { PaymentProvider } from '../../payments';
import { recordPayment, type PaymentOutcome } from '../../orders';

export interface WebhookRoutesOptions {
  readonly db: Db;
  readonly providers: readonly PaymentProvider[];
  /** Called after a payment was taken: the delivery worker starts at once. */
  readonly onPaid: () => void;
}

const STATUS: Record<PaymentOutcome, number> = { applied: 200, duplicate: 200, replay: 200, ignored: 200, unknownOrder: 404, mismatch: 409 };

/**
 * `POST /webhooks/payments/<provider>`: the provider's signature is checked over the raw body,
 * then the event is applied once. 2xx tells the provider to stop sending it; a refusal is 4xx.
 */
export async function webhookRoutes(app: FastifyInstance, { db, providers, onPaid }: WebhookRoutesOptions): Promise<void> {
  // The signature covers the exact bytes: keep the body as text, parse it after the check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  const byName = new Map(providers.map((provider) => [provider.name, provider]));
  app.post<{ Params: { provider: string } }>('/webhooks/payments/:provider', async (request, reply) => {
    const provider = byName.get(request.params.provider);
    if (!provider) return reply.code(404).send({ received: false, error: 'unknown provider' });
    const raw = typeof request.body === 'string' ? request.body : '';
    const reading = provider.readWebhook(raw, request.headers);
    if (!reading.ok) {
      request.log.warn({ provider: provider.name, reason: reading.reason }, 'payment webhook refused');
      return reply.code(reading.reason === 'signature' ? 401 : 400).send({ received: false, error: reading.reason });
    }
    if (reading.event === null) return reply.code(200).send({ received: true, outcome: 'ignored' });
    const outcome = await recordPayment(db, provider.name, reading.event);
    if (outcome === 'duplicate') {
      request.log.warn({ provider: provider.name, orderId: reading.event.orderId, eventId: reading.event.eventId }, 'second payment for a paid order; refunding it');
    } else if (outcome !== 'applied' && outcome !== 'replay') {
      request.log.warn({ provider: provider.name, orderId: reading.event.orderId, outcome }, 'payment webhook changed nothing');
    }
    if (outcome === 'applied' || outcome === 'duplicate') onPaid();
    return reply.code(STATUS[outcome]).send({ received: STATUS[outcome] === 200, outcome });
  });
}
