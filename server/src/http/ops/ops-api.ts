import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import type { OrderServices } from '../../orders';
import type { ReleaseHealthSettings } from '../../releases/health-settings';
import type { PreviewLink } from '../../releases/preview-links';
import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import { STRICT_WEBHOOKS, type WebhookPolicy } from '../../alerts';
import { STRICT_GAME_ENDPOINTS, type GameEndpointPolicy } from '../../game/http/game-endpoint-policy';
import type { SessionSettings } from '../../ops/sessions';
import { DEV_OPS_SECRET_KEY } from '../../settings/development-secrets';
import { registerCounters } from '../web/request-counters';
import type { ReleaseOperations } from '../releases/release-operations';
import { alertRoutes } from './alert-routes';
import { accountRoutes } from './account-routes';
import { auditRoutes } from './audit-routes';
import { catalogueDraftRoutes, gameServerRoutes } from './catalogue-draft-routes';
import { catalogueFileRoutes } from './catalogue-file-routes';
import { catalogueImageRoutes } from './catalogue-image-routes';
import { backOfficeErrorAnswer } from './ops-answers';
import { experimentRoutes } from './experiment-routes';
import { insightsRoutes } from './insights-routes';
import { opsAuth } from './ops-auth';
import { operatorRoutes } from './operator-routes';
import { orderRoutes } from './order-routes';
import { releaseRoutes } from './release-routes';
import { ticketRoutes } from './ticket-routes';

export interface OpsApiOptions {
  readonly db: Db;
  /** The release operations, the same as `/ops/*` serves with the ops token. */
  readonly releases: ReleaseOperations;
  readonly orders: OrderServices;
  /** The in-memory catalogue, dropped when an import commits. */
  readonly catalogue: CatalogueCache;
  /** OPS_TOKEN, for automation; null: signed-in operators only. */
  readonly token: string | null;
  readonly sessions: SessionSettings;
  readonly secureCookies: boolean;
  /** Sign-in attempts per address per 15 minutes. */
  readonly signInsPerAddress: number;
  /** OPS_REQUIRE_2FA: admins and release managers must have a second factor (on in production by default). */
  readonly require2fa?: boolean;
  /** PUBLIC_URL, for the password reset link in the mail. */
  readonly publicUrl?: string;
  /** OPS_SECRET_KEY, which seals the operators' TOTP secrets; the development key when absent (a production store refuses that). */
  readonly secretKey?: string;
  /** The time of reset links and TOTP codes (tests move it). */
  readonly clock?: () => Date;
  /** Hosts a banner may link to over https (BANNER_LINK_HOSTS); none when absent. */
  readonly bannerLinkHosts?: readonly string[];
  /** Which addresses a game's server may be set to (GAME_SERVER_HOSTS; this machine in development only). */
  readonly gameEndpoints?: GameEndpointPolicy;
  /** The automatic rollback's thresholds, shown in the release console. */
  readonly releaseHealth?: ReleaseHealthSettings;
  /** A signed preview link for a tester (releases/preview-links.ts); without it there are none. */
  readonly previewLink?: (app: string, version: string) => Promise<PreviewLink>;
  /** The running offer experiments held in memory for the price reads: reloaded after a start or a stop. */
  readonly experiments?: { reload(): Promise<void> };
  /** Where operators' alert webhooks may point (public https only unless given), and the workers to wake for a test. */
  readonly alerts?: { readonly webhooks: WebhookPolicy; readonly wake?: () => void };
}

/** `/ops/api/*`: the back office's API (docs/back-office.md), one route file per area. */
export async function opsApi(app: FastifyInstance, options: OpsApiOptions): Promise<void> {
  const { db, orders, catalogue } = options;
  await registerCounters(app, 'ops-api');
  app.setErrorHandler(backOfficeErrorAnswer);
  const require2fa = options.require2fa ?? false;
  const clock = options.clock ?? (() => new Date());
  await opsAuth(app, { db, token: options.token, sessions: options.sessions, secureCookies: options.secureCookies, signInsPerAddress: options.signInsPerAddress, require2fa, clock });
  await app.register(accountRoutes, {
    db,
    sessions: options.sessions,
    attemptsPerAddress: options.signInsPerAddress,
    require2fa,
    clock,
    publicUrl: options.publicUrl ?? '',
    secretKey: options.secretKey ?? DEV_OPS_SECRET_KEY,
  });

  await app.register(operatorRoutes, { db });
  await app.register(orderRoutes, { db, orders });
  await app.register(ticketRoutes, { db, orders });
  await app.register(releaseRoutes, { db, releases: options.releases, releaseHealth: options.releaseHealth, previewLink: options.previewLink });

  /** What a catalogue file's checks allow beyond the defaults: this store's banner link hosts. */
  const checks = { bannerLinkHosts: options.bannerLinkHosts ?? [], payTypes: orders.payments.payTypes };
  await app.register(catalogueFileRoutes, { db, catalogue, checks });
  await app.register(catalogueDraftRoutes, { db, catalogue, checks, secureCookies: options.secureCookies });
  await app.register(gameServerRoutes, { db, catalogue, policy: options.gameEndpoints ?? STRICT_GAME_ENDPOINTS });
  // Pictures for the catalogue (banners): uploaded as bytes, served by /assets/catalogue/<name>.
  await app.register(catalogueImageRoutes, { db });

  await app.register(auditRoutes, { db });
  await app.register(insightsRoutes, { db });
  await app.register(experimentRoutes, { db, catalogue, experiments: options.experiments });
  await app.register(alertRoutes, { db, webhooks: options.alerts?.webhooks ?? STRICT_WEBHOOKS, wake: options.alerts?.wake });
}
