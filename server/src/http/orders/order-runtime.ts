import type { OrderSeller } from '@topup/shared/types';
import type { FastifyInstance } from 'fastify';
import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import type { Db } from '../../db/db';
import { DeliveryWorker } from '../../orders';
import type { MailWorker } from '../../fulfilment';
import type { GameGateway } from '../../game/game-gateway';
import type { PaymentProvider } from '../../payments';
import { webhookRoutes } from '../payments/webhook-routes';
import type { OrderServices } from '../../orders';
import type { OrderSettings } from '../../orders';

export interface OrderRuntimeOptions {
  readonly db: Db;
  readonly catalogue: CatalogueCache;
  readonly games: GameGateway;
  /** The store's payment provider, its own routes (a checkout) registered already. */
  readonly payments: PaymentProvider;
  readonly settings: OrderSettings;
  /** The store's public address, for the links in receipt mails. */
  readonly publicUrl: string;
  /** Sends the mail outbox; null when this server sends no mail. */
  readonly mailWorker: MailWorker | null;
  /** The seller receipts name (the publisher's settings); null while unset. */
  readonly seller?: OrderSeller | null;
}

/**
 * Orders in one server: the delivery worker (started when the server is ready, stopped when it
 * closes) and the payment webhooks. Returns what the API actions need.
 */
export async function registerOrders(app: FastifyInstance, options: OrderRuntimeOptions): Promise<OrderServices> {
  const { db, catalogue, games, payments, settings, publicUrl, mailWorker, seller = null } = options;
  const worker = new DeliveryWorker({ db, catalogue, games, payments, settings, publicUrl, log: app.log, onMailQueued: () => mailWorker?.wake() });
  if (settings.workerEnabled) app.addHook('onReady', () => worker.start());
  app.addHook('preClose', () => worker.stop());
  if (mailWorker) {
    if (settings.workerEnabled) app.addHook('onReady', () => mailWorker.start());
    app.addHook('preClose', () => mailWorker.stop());
  }

  await app.register(webhookRoutes, { db, providers: [payments], onPaid: () => worker.wake() });
  return { settings, payments, wakeDelivery: () => worker.wake(), wakeMail: () => mailWorker?.wake(), seller };
}
