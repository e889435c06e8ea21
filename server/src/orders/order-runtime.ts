import type { FastifyInstance } from 'fastify';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { Db } from '../db/db';
import { DeliveryWorker } from '../delivery/delivery-worker';
import type { GameGateway } from '../game/game-gateway';
import { checkoutRoutes } from '../payments/sandbox/checkout-routes';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-payment-provider';
import { webhookRoutes } from '../payments/webhook-routes';
import type { OrderServices } from './order-services';
import type { OrderSettings } from './order-settings';

export interface OrderRuntimeOptions {
  readonly db: Db;
  readonly catalogue: CatalogueCache;
  readonly games: GameGateway;
  readonly settings: OrderSettings;
}

/** This server's own webhook address, once it listens (the sandbox posts its webhooks there). */
function ownWebhookUrl(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/webhooks/payments/sandbox`;
}

/**
 * Orders in one server: the payment provider, the delivery worker (started when the server is
 * ready, stopped when it closes) and their routes — webhooks and the sandbox checkout. Returns
 * what the API actions need.
 */
export async function registerOrders(app: FastifyInstance, options: OrderRuntimeOptions): Promise<OrderServices> {
  const { db, catalogue, games, settings } = options;
  const payments = new SandboxPaymentProvider({
    db,
    webhookSecret: settings.webhookSecret,
    webhookUrl: () => settings.sandboxWebhookUrl ?? ownWebhookUrl(app),
  });
  const worker = new DeliveryWorker({ db, catalogue, games, payments, settings, log: app.log });
  if (settings.workerEnabled) app.addHook('onReady', () => worker.start());
  app.addHook('preClose', () => worker.stop());

  await app.register(webhookRoutes, { db, providers: [payments], onPaid: () => worker.wake() });
  await app.register(checkoutRoutes, { db, catalogue, provider: payments, expiresAfterMs: settings.expiresAfterMs });
  return { settings, payments, wakeDelivery: () => worker.wake() };
}
