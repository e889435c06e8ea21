import type { FastifyInstance } from 'fastify';
import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import type { Db } from '../../db/db';
import type { GameGateway } from '../../game/game-gateway';
import type { OrderSettings } from '../../orders';
import type { PaymentProvider } from '../../payments';
import { buildSandboxGameServer, SANDBOX_GAME_DEV_SECRET } from './sandbox-game-server';
import { HttpGameGateway } from '../../game/http/http-game-gateway';

import { checkoutRoutes } from './checkout-routes';
import { SandboxPaymentProvider } from '../../sandbox/payments/sandbox-payment-provider';

/**
 * What the store's wiring takes from the sandbox when the configuration picks it (GAME_GATEWAY,
 * PAYMENT_PROVIDER = sandbox): the production modules know only GameGateway and PaymentProvider.
 */

/**
 * The sandbox game as a game server of its own (the game-server contract, docs/game-integration.md),
 * listening on 127.0.0.1 at `port` — or at any free port when that one is taken — and closed with the
 * store. The store calls it over HTTP like a publisher's game, signatures included.
 */
/** The store's own sandbox game, on this machine: its address is the store's, never an operator's. */
const SANDBOX_ON_THIS_MACHINE = { hosts: [], loopback: true } as const;

export async function sandboxGameService(app: FastifyInstance, db: Db, port: number): Promise<{ readonly games: GameGateway; readonly url: string }> {
  const game = await buildSandboxGameServer({ db });
  try {
    try {
      await game.listen({ host: '127.0.0.1', port });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE' || port === 0) throw error;
      await game.listen({ host: '127.0.0.1', port: 0 });
    }
  } catch (error) {
    // Its outage watch holds a listening connection: closed with the game.
    await game.close().catch(() => undefined);
    throw error;
  }
  app.addHook('onClose', () => game.close());
  const address = game.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  app.log.info({ url, secret: 'the development secret (docs/game-integration.md)' }, 'the sandbox game answers the game-server contract');
  const endpoint = { url, secret: SANDBOX_GAME_DEV_SECRET };
  // Its failure switch fails mail on purpose, to show retries and refunds: no breaker, so that every
  // attempt reaches the game as the switch intends (server/test/game-http.test.ts covers the breaker).
  return { games: new HttpGameGateway({ endpointOf: async () => endpoint, breakerFailures: Number.MAX_SAFE_INTEGER, policy: SANDBOX_ON_THIS_MACHINE }), url };
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
