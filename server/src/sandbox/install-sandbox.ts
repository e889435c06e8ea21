import type { FastifyInstance } from 'fastify';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { Db } from '../db/db';
import type { GameGateway } from '../game/game-gateway';
import type { OrderSettings } from '../orders/order-settings';
import type { PaymentProvider } from '../payments/payment-provider';
import { SwitchableSandboxGame } from './game/mail-failures';
import { SandboxGameGateway } from './game/sandbox-game-gateway';
import { checkoutRoutes } from './payments/checkout-routes';
import { SandboxPaymentProvider } from './payments/sandbox-payment-provider';

/**
 * What the store's wiring takes from the sandbox when the configuration picks it (GAME_GATEWAY,
 * PAYMENT_PROVIDER = sandbox): the production modules know only GameGateway and PaymentProvider.
 */

/** The sandbox game on the store's database, answering to its mail failure switch (docs/orders.md). */
export function sandboxGame(db: Db): GameGateway {
  return new SwitchableSandboxGame(new SandboxGameGateway(db), db);
}

/** This server's own webhook address, once it listens (the sandbox posts its webhooks there). */
function ownWebhookUrl(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/webhooks/payments/sandbox`;
}

export interface SandboxPaymentsOptions {
  readonly db: Db;
  readonly catalogue: CatalogueCache;
  readonly settings: OrderSettings;
}

/** The sandbox payment provider with its checkout pages; its webhooks go to this server unless SANDBOX_WEBHOOK_URL says otherwise. */
export async function installSandboxPayments(app: FastifyInstance, { db, catalogue, settings }: SandboxPaymentsOptions): Promise<PaymentProvider> {
  const provider = new SandboxPaymentProvider({
    db,
    webhookSecret: settings.webhookSecret,
    webhookUrl: () => settings.sandboxWebhookUrl ?? ownWebhookUrl(app),
  });
  await app.register(checkoutRoutes, { db, catalogue, provider, expiresAfterMs: settings.expiresAfterMs });
  return provider;
}

/** The sandbox provider's own books, to reconcile against: this process sends no webhook. */
export function sandboxPaymentBooks(db: Db, webhookSecret: string): PaymentProvider {
  return new SandboxPaymentProvider({ db, webhookSecret, webhookUrl: () => null });
}
