import type { FastifyInstance } from 'fastify';
import type { CatalogueDraft } from '@topup/shared/types';
import type { Db } from '../../db/db';
import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import type { CatalogueCheckOptions } from '../../catalogue/catalogue-file';
import {
  discardDraft,
  dropDraftRow,
  isDraftList,
  publishDraft,
  readDraft,
  saveDraftRow,
  type DraftList,
} from '../../catalogue/catalogue-drafts';
import { readGameServers, setGameServer } from '../../catalogue/write-catalogue';
import { endpointUrlProblem, resolvedHostProblem, type GameEndpointPolicy } from '../../game/http/game-endpoint-policy';
import { updateCatalogue } from '../../catalogue/update-catalogue';
import { discountCodeUsage } from '../../orders';
import { OperationRefused } from '../../domain-errors';
import { auditedRequest, backOfficeImport, writeAudit } from '../../ops/audit';
import { actorOf, reason, requestKey } from './route-parts';
import { PREVIEW_COOKIE, previewTokenOf } from '../../ops/sessions';

export interface CatalogueDraftRoutesOptions {
  readonly db: Db;
  readonly catalogue: CatalogueCache;
  /** What the catalogue's checks allow beyond the defaults (this store's banner link hosts). */
  readonly checks: CatalogueCheckOptions;
  /** Cookies only over HTTPS (production): the draft-preview cookie as the session's. */
  readonly secureCookies?: boolean;
}

/** How long a preview lasts at most; the operator's session ending ends it sooner. */
const PREVIEW_SECONDS = 2 * 60 * 60;

const listName = { type: 'string', minLength: 1, maxLength: 40 } as const;


function draftList(value: string): DraftList {
  if (!isDraftList(value)) throw new OperationRefused('invalid', `"${value}" is not a list of the catalogue`, 'noSuchList');
  return value;
}

/**
 * `/ops/api/catalogue/draft*`: the catalogue's draft, edited row by row in the back office and published
 * as one revision (docs/catalogue.md). Reading it needs `read`; changing or publishing it `catalogue.edit`.
 */
export async function catalogueDraftRoutes(app: FastifyInstance, { db, catalogue, checks, secureCookies = false }: CatalogueDraftRoutesOptions): Promise<void> {
  // The draft previewed on the player's pages, in this browser only: a cookie for /api naming this session
  // (hashed, never its token); the API honours it only while the session is live (docs/security.md).
  const previewCookie = { path: '/api', httpOnly: true, sameSite: 'strict' as const, secure: secureCookies };
  app.post('/catalogue/draft/preview', { config: { permission: 'read' } }, async (request, reply) => {
    const session = request.opsIdentity?.sessionHash;
    if (!session) throw new OperationRefused('invalid', 'A preview is for a signed-in operator\'s browser', 'previewNeedsSession');
    void reply.setCookie(PREVIEW_COOKIE, previewTokenOf(session), { ...previewCookie, maxAge: PREVIEW_SECONDS });
    return { previewing: true, seconds: PREVIEW_SECONDS };
  });
  app.post('/catalogue/draft/preview/end', { config: { permission: 'read' } }, async (_request, reply) => {
    void reply.clearCookie(PREVIEW_COOKIE, previewCookie);
    return { previewing: false };
  });

  // How often each discount code was used so far: orders holding a use, delivered, and unpaid ones open now.
  app.get('/catalogue/discount-usage', { config: { permission: 'read' } }, async () => ({ usage: await discountCodeUsage(db) }));

  app.get('/catalogue/draft', { config: { permission: 'read' } }, async (): Promise<CatalogueDraft> => readDraft(db, checks) as Promise<CatalogueDraft>);

  app.post<{ Body: { list: string; row: Record<string, unknown> } }>(
    '/catalogue/draft/rows',
    {
      config: { permission: 'catalogue.edit' },
      bodyLimit: 1024 * 1024,
      schema: { body: { type: 'object', required: ['list', 'row'], properties: { list: listName, row: { type: 'object' } }, additionalProperties: false } },
    },
    async (request) => {
      const actor = actorOf(request);
      const list = draftList(request.body.list);
      const key = await saveDraftRow(db, actor.name, list, request.body.row, (tx, change) =>
        writeAudit(tx, actor, { action: 'catalogue.draft', targetType: list, targetId: change.key, before: change.before, after: request.body.row }).then(() => undefined),
      );
      return { key, draft: await readDraft(db, checks) };
    },
  );

  app.post<{ Body: { list: string; key: string } }>(
    '/catalogue/draft/drop',
    {
      config: { permission: 'catalogue.edit' },
      schema: { body: { type: 'object', required: ['list', 'key'], properties: { list: listName, key: { type: 'string', minLength: 1, maxLength: 300 } }, additionalProperties: false } },
    },
    async (request) => {
      const actor = actorOf(request);
      const list = draftList(request.body.list);
      const dropped = await db.transaction(async (tx) => {
        const gone = await dropDraftRow(tx, list, request.body.key);
        if (gone) await writeAudit(tx, actor, { action: 'catalogue.draft_drop', targetType: list, targetId: request.body.key });
        return gone;
      });
      if (!dropped) throw new OperationRefused('notFound', `The draft does not change ${list}: ${request.body.key}`, 'notInDraft');
      return { draft: await readDraft(db, checks) };
    },
  );

  app.post<{ Body: { reason: string } }>(
    '/catalogue/draft/discard',
    { config: { permission: 'catalogue.edit' }, schema: { body: { type: 'object', required: ['reason'], properties: { reason }, additionalProperties: false } } },
    async (request) => {
      const actor = actorOf(request);
      const rows = await db.transaction(async (tx) => {
        const count = await discardDraft(tx);
        if (count > 0) await writeAudit(tx, actor, { action: 'catalogue.draft_discard', targetType: 'catalogue', targetId: 'draft', after: { rows: count }, reason: request.body.reason });
        return count;
      });
      return { discarded: rows, draft: await readDraft(db, checks) };
    },
  );

  app.post<{ Body: { reason: string; request_key: string; confirm_price_changes?: boolean } }>(
    '/catalogue/draft/publish',
    {
      config: { permission: 'catalogue.edit' },
      schema: {
        body: {
          type: 'object',
          required: ['reason', 'request_key'],
          properties: { reason, request_key: requestKey, confirm_price_changes: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { reason: why, request_key, confirm_price_changes } = request.body;
      const done = await auditedRequest(db, request_key);
      if (done) return { revision: Number(done.target_id), done: false };
      const outcome = await publishDraft(db, catalogue, backOfficeImport(actor, why, request_key, confirm_price_changes, checks));
      return { ...outcome, done: true };
    },
  );
}

/** The host of a game server's address, for the audit log ("" for none or a broken one). */
function hostOf(url: string | null): string {
  try {
    return url ? new URL(url).host : '';
  } catch {
    return '';
  }
}

export interface GameServerRoutesOptions {
  readonly db: Db;
  readonly catalogue: CatalogueCache;
  /** Which addresses a game server may be at (GAME_SERVER_HOSTS; this machine in development only). */
  readonly policy: GameEndpointPolicy;
}

/**
 * `/ops/api/catalogue/game-servers`: each game's server address and secret (docs/game-integration.md),
 * set in the back office outside the catalogue file and its drafts: a change takes effect at once, with
 * a new catalogue revision, and is audited with the old and new host, without the secret. Changing one
 * needs `game_servers.manage` (admins): the address is where the store sends signed calls. An address is
 * refused unless it is https to a public host (GAME_SERVER_HOSTS when set) that resolves to public
 * addresses; the store checks the address again on every call (docs/security.md, "Game endpoints").
 */
export async function gameServerRoutes(app: FastifyInstance, { db, catalogue, policy }: GameServerRoutesOptions): Promise<void> {
  app.get('/catalogue/game-servers', { config: { permission: 'read' } }, async () => ({ game_servers: await readGameServers(db) }));

  app.post<{ Body: { game_id: number; url: string; secret?: string; reason: string } }>(
    '/catalogue/game-servers',
    {
      config: { permission: 'game_servers.manage' },
      schema: {
        body: {
          type: 'object',
          required: ['game_id', 'url', 'reason'],
          properties: {
            game_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
            url: { type: 'string', maxLength: 500 },
            secret: { type: 'string', maxLength: 200 },
            reason,
          },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { game_id: gameId, reason: why } = request.body;
      const url = request.body.url.trim();
      const secret = request.body.secret ? request.body.secret : null;
      const problem = url === '' ? null : (endpointUrlProblem(url, policy) ?? (await resolvedHostProblem(url, policy)));
      if (problem) throw new OperationRefused('invalid', problem, 'badGameServer');
      if (secret !== null && secret.length < 16) throw new OperationRefused('invalid', 'A game server secret has at least 16 characters', 'weakGameServerSecret');
      const before = await updateCatalogue(db, catalogue, async (tx) => {
        const found = await setGameServer(tx, gameId, url, secret);
        if (!found) throw new OperationRefused('notFound', `No game ${gameId}`, 'noSuchGame');
        if (url !== '' && secret === null && !found.secret_set) throw new OperationRefused('invalid', 'Set the game server\'s secret with its address', 'weakGameServerSecret');
        await writeAudit(tx, actor, {
          action: 'catalogue.game_server',
          targetType: 'game',
          targetId: String(gameId),
          before: { url: found.url, host: hostOf(found.url), secret_set: found.secret_set },
          after: { url, host: hostOf(url), secret_changed: secret !== null },
          reason: why,
        });
        return found;
      });
      return { game_server: { game_id: gameId, url, secret_set: before.secret_set || secret !== null } };
    },
  );
}
