import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/db';
import type { CatalogueCheck } from '@topup/shared/types';
import { type OrderServices, reconcileStore } from '../orders';
import { OpsError } from '../releases/ops-error';
import { isReleasableApp, RELEASABLE_APPS } from '../releases/apps';
import type { ReleaseHealthSettings } from '../releases/health-settings';
import { autoRollbackSwitches, healthMinutes, setAutoRollback } from '../releases/release-health';
import type { RegistryOperations } from '../releases/registry-service';
import type { PreviewLink } from '../releases/preview-links';
import { isEmailAddress } from '@topup/shared/formats';
import { answerTicket, listTickets, readTicket, setTicketStatus, type TicketStatus } from '../support/support-tickets';
import { storeErrorAnswer } from '../web/error-answer';
import { registerCounters } from '../web/request-counters';
import { auditedRequest, backOfficeImport, auditRegistry, readAudit, writeAudit } from './audit';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import { diffCatalogue, largePriceChanges } from '../catalogue/catalogue-diff';
import {
  catalogueAtRevision,
  catalogueRevisions,
  CatalogueFileError,
  checkCatalogueFileInTurns,
  exportCatalogue,
  importCatalogue,
  LargePriceChangeError,
  type CatalogueFile,
} from '../catalogue/catalogue-file';
import { catalogueDraftRoutes, gameServerRoutes } from './catalogue-draft-routes';
import { MAX_CATALOGUE_FILE_BYTES } from '../catalogue/catalogue-file-schema';
import { STRICT_GAME_ENDPOINTS, type GameEndpointPolicy } from '../game/http/game-endpoint-policy';
import { actorOf, reason, requestKey } from './route-parts';
import { catalogueImageRoutes } from './catalogue-image-routes';
import { addOperator, changeOperator, resetOperatorPassword } from './operator-admin';
import { listOperators } from './operators';
import { opsAuth } from './ops-auth';
import { actOnOrder, ORDER_ACTIONS, type OrderAction } from './order-actions';
import { listOrders, readDossier, type OrderFilter, type OrderListRow } from './order-desk';
import { OPERATOR_ROLES, type OperatorRole } from './roles';
import type { SessionSettings } from './sessions';

export interface OpsApiOptions {
  readonly db: Db;
  readonly registry: RegistryOperations;
  readonly orders: OrderServices;
  /** The in-memory catalogue, dropped when an import commits. */
  readonly catalogue: CatalogueCache;
  /** OPS_TOKEN, for automation; null: signed-in operators only. */
  readonly token: string | null;
  readonly sessions: SessionSettings;
  readonly secureCookies: boolean;
  /** Sign-in attempts per address per 15 minutes. */
  readonly signInsPerAddress: number;
  /** Hosts a banner may link to over https (BANNER_LINK_HOSTS); none when absent. */
  readonly bannerLinkHosts?: readonly string[];
  /** Which addresses a game's server may be set to (GAME_SERVER_HOSTS; this machine in development only). */
  readonly gameEndpoints?: GameEndpointPolicy;
  /** The automatic rollback's thresholds, shown in the release console. */
  readonly releaseHealth?: ReleaseHealthSettings;
  /** A signed preview link for a tester (releases/preview-links.ts); without it there are none. */
  readonly previewLink?: (app: string, version: string) => Promise<PreviewLink>;
}

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;


function integerOrUndefined(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new OpsError(400, `"${value}" is not a whole number`, 'badFilter');
  return number;
}

function dateOrUndefined(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (Number.isNaN(Date.parse(value))) throw new OpsError(400, `"${value}" is not a date`, 'badFilter');
  return value;
}

const ORDER_QUERY = {
  type: 'object',
  properties: {
    order_id: text(64),
    game_id: text(12),
    server_id: text(64),
    character: text(100),
    status: text(20),
    pay_type: text(40),
    currency: text(8),
    from: text(40),
    to: text(40),
    min_amount: text(12),
    max_amount: text(12),
    after: text(300),
    limit: text(4),
  },
  additionalProperties: false,
} as const;

type Query = Record<string, string | undefined>;

function orderFilterOf(query: Query, limit: number): OrderFilter {
  return {
    orderId: query.order_id?.trim() || undefined,
    gameId: integerOrUndefined(query.game_id),
    serverId: query.server_id?.trim() || undefined,
    character: query.character?.trim() || undefined,
    status: query.status || undefined,
    payType: query.pay_type || undefined,
    currency: query.currency || undefined,
    from: dateOrUndefined(query.from),
    to: dateOrUndefined(query.to),
    minAmount: integerOrUndefined(query.min_amount),
    maxAmount: integerOrUndefined(query.max_amount),
    after: query.after || undefined,
    limit,
  };
}

const CSV_COLUMNS: readonly (keyof OrderListRow)[] = [
  'order_id', 'created_at', 'status', 'game_id', 'area', 'server_id', 'server_name', 'role_id', 'role_name',
  'product_name', 'pay_type', 'amount_minor', 'currency', 'disputed',
];

/** One CSV field: quoted when needed, and never read by a spreadsheet as a formula. */
function csvField(value: unknown): string {
  let cell = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return /[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** Rows one CSV export holds at most (a wider export is a database job, not a browser download). */
const CSV_MAX_ROWS = 100_000;

/** `/ops/api/*`: the back office's API (docs/back-office.md). */
export async function opsApi(app: FastifyInstance, options: OpsApiOptions): Promise<void> {
  const { db, registry } = options;
  await registerCounters(app, 'ops-api');
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof OpsError) return reply.code(error.status).send({ error: error.message, code: error.code });
    const known = error as { validation?: unknown; statusCode?: number; message?: string; code?: string };
    if (error instanceof CatalogueFileError) return reply.code(400).send({ error: 'The catalogue file is refused', code: 'catalogueInvalid', problems: error.problems });
    if (error instanceof LargePriceChangeError) {
      return reply.code(409).send({ error: error.message, code: 'confirmPriceChanges', price_changes: error.changes });
    }
    if (known.code?.startsWith('FST_CSRF')) return reply.code(403).send({ error: 'The form is out of date: reload the page', code: 'csrf' });
    if (known.validation) return reply.code(400).send({ error: known.message ?? 'The request does not have the expected shape', code: 'invalid' });
    if (known.statusCode === 429) return reply.code(429).send({ error: 'Too many requests from this address; try again later', code: 'tooMany' });
    return storeErrorAnswer(error, request, reply);
  });
  await opsAuth(app, { db, token: options.token, sessions: options.sessions, secureCookies: options.secureCookies, signInsPerAddress: options.signInsPerAddress });

  // Operators (admins).
  app.get('/operators', { config: { permission: 'operators.manage' } }, async () => ({ operators: await listOperators(db), roles: OPERATOR_ROLES }));

  app.post<{ Body: { email: string; role: OperatorRole; password: string; reason?: string } }>(
    '/operators',
    {
      config: { permission: 'operators.manage' },
      schema: {
        body: {
          type: 'object',
          required: ['email', 'role', 'password'],
          properties: { email: text(200), role: { type: 'string', enum: [...OPERATOR_ROLES] }, password: text(200), reason: text(500) },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const operator = await addOperator(db, actorOf(request), request.body);
      return reply.code(201).send({ operator });
    },
  );

  app.patch<{ Params: { id: string }; Body: { role?: OperatorRole; disabled?: boolean; reason: string } }>(
    '/operators/:id',
    {
      config: { permission: 'operators.manage' },
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } } },
        body: {
          type: 'object',
          required: ['reason'],
          properties: { role: { type: 'string', enum: [...OPERATOR_ROLES] }, disabled: { type: 'boolean' }, reason },
          additionalProperties: false,
        },
      },
    },
    async (request) => ({ operator: await changeOperator(db, actorOf(request), Number(request.params.id), request.body) }),
  );

  app.post<{ Params: { id: string }; Body: { password: string; reason: string } }>(
    '/operators/:id/password',
    {
      config: { permission: 'operators.manage' },
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } } },
        body: { type: 'object', required: ['password', 'reason'], properties: { password: text(200), reason }, additionalProperties: false },
      },
    },
    async (request) => ({ operator: await resetOperatorPassword(db, actorOf(request), Number(request.params.id), request.body.password, request.body.reason) }),
  );

  // The support desk: orders.
  app.get<{ Querystring: Query }>('/orders', { config: { permission: 'read' }, schema: { querystring: ORDER_QUERY } }, async (request) => {
    const limit = Math.min(Math.max(integerOrUndefined(request.query.limit) ?? 50, 1), 200);
    return listOrders(db, orderFilterOf(request.query, limit));
  });

  app.get<{ Querystring: Query }>('/orders.csv', { config: { permission: 'read' }, schema: { querystring: ORDER_QUERY } }, async (request, reply: FastifyReply) => {
    const lines = [CSV_COLUMNS.join(',')];
    let after: string | undefined;
    do {
      const page = await listOrders(db, { ...orderFilterOf(request.query, 1000), after });
      for (const row of page.rows) lines.push(CSV_COLUMNS.map((column) => csvField(row[column])).join(','));
      after = page.next ?? undefined;
    } while (after && lines.length <= CSV_MAX_ROWS);
    const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(`${lines.join('\r\n')}\r\n`);
  });

  app.get<{ Params: { id: string } }>(
    '/orders/:id',
    { config: { permission: 'read' }, schema: { params: { type: 'object', properties: { id: text(64) } } } },
    async (request) => {
      const dossier = await readDossier(db, request.params.id);
      if (!dossier) throw new OpsError(404, `No order ${request.params.id}`, 'noSuchOrder');
      return dossier;
    },
  );

  app.post<{ Params: { id: string }; Body: { action: OrderAction; reason: string; request_key: string; confirmed?: boolean } }>(
    '/orders/:id/actions',
    {
      config: { permission: 'orders.act' },
      schema: {
        params: { type: 'object', properties: { id: text(64) } },
        body: {
          type: 'object',
          required: ['action', 'reason', 'request_key'],
          properties: { action: { type: 'string', enum: [...ORDER_ACTIONS] }, reason, request_key: requestKey, confirmed: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { action, reason: why, request_key, confirmed } = request.body;
      const outcome = await actOnOrder(db, actorOf(request), { action, orderId: request.params.id, reason: why, requestKey: request_key, confirmed });
      options.orders.wakeDelivery();
      return outcome;
    },
  );

  // Needs attention: the reconciliation's findings and what waits on the support desk.
  app.get('/attention', { config: { permission: 'read' } }, async () => {
    const sections = await reconcileStore(db, { provider: options.orders.payments, giveUpAfterMs: options.orders.settings.giveUpAfterMs });
    const [failing, refunds, tickets] = await Promise.all([
      db.query(
        `SELECT j.order_id, j.attempts, j.due_at::text, j.last_error, o.status FROM delivery_outbox j JOIN orders o USING (order_id)
          WHERE j.job IN ('deliver', 'resend') AND j.last_error <> '' ORDER BY j.due_at LIMIT 200`,
      ),
      db.query(
        `SELECT j.order_id, j.job, j.attempts, j.due_at::text, j.last_error, o.status FROM delivery_outbox j JOIN orders o USING (order_id)
          WHERE j.job IN ('refund', 'refund_payment') ORDER BY j.created_at LIMIT 200`,
      ),
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_tickets WHERE status = 'open'`),
    ]);
    return {
      findings: sections.map((section) => ({ title: section.title, meaning: section.meaning, rows: section.rows })),
      failingDeliveries: failing,
      pendingRefunds: refunds,
      openTickets: tickets[0]?.n ?? 0,
    };
  });

  // Tickets from the help page.
  app.get<{ Querystring: { status?: string } }>(
    '/tickets',
    { config: { permission: 'read' }, schema: { querystring: { type: 'object', properties: { status: { type: 'string', enum: ['open', 'answered', 'closed', 'all'] } } } } },
    async (request) => {
      const status = request.query.status && request.query.status !== 'all' ? (request.query.status as TicketStatus) : null;
      return { tickets: await listTickets(db, status, 200) };
    },
  );

  app.post<{ Params: { reference: string }; Body: { answer?: string; status?: TicketStatus; request_key: string } }>(
    '/tickets/:reference',
    {
      config: { permission: 'tickets.act' },
      schema: {
        params: { type: 'object', properties: { reference: text(20) } },
        body: {
          type: 'object',
          required: ['request_key'],
          properties: { answer: { type: 'string', minLength: 1, maxLength: 5000 }, status: { type: 'string', enum: ['open', 'closed'] }, request_key: requestKey },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { answer, status, request_key } = request.body;
      if (!answer && !status) throw new OpsError(400, 'Write an answer or choose a status', 'invalid');
      const actor = actorOf(request);
      const done = await db.transaction(async (tx) => {
        const ticket = await readTicket(tx, request.params.reference);
        if (!ticket) throw new OpsError(404, `No ticket ${request.params.reference}`, 'noSuchTicket');
        if (await auditedRequest(tx, request_key)) return false;
        const answers = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'ticket.answer' AND target_id = $1`, [ticket.reference]))[0]?.n ?? 0;
        if (answer && !isEmailAddress(ticket.email)) {
          throw new OpsError(422, `Ticket ${ticket.reference} has no single e-mail address to answer: reply another way`, 'invalid');
        }
        if (answer) await answerTicket(tx, ticket, answer, actor.name, answers + 1);
        if (status) await setTicketStatus(tx, ticket.reference, status);
        await writeAudit(tx, actor, {
          action: answer ? 'ticket.answer' : 'ticket.status',
          targetType: 'ticket',
          targetId: ticket.reference,
          before: { status: ticket.status },
          after: { status: status ?? 'answered', ...(answer ? { answer } : {}) },
          requestKey: request_key,
        });
        return true;
      });
      if (done && answer) options.orders.wakeMail?.();
      return { ticket: await readTicket(db, request.params.reference), done };
    },
  );

  // The release console.
  app.get('/releases', { config: { permission: 'releases.read' } }, async () => ({
    apps: RELEASABLE_APPS,
    ...(await registry.list()),
    auto_rollback: await autoRollbackSwitches(db),
    policy: options.releaseHealth ?? null,
  }));

  // Each version's health per minute, as the pages reported it: what the console charts.
  app.get<{ Querystring: { app: string; hours?: string } }>(
    '/releases/health',
    {
      config: { permission: 'releases.read' },
      schema: { querystring: { type: 'object', required: ['app'], properties: { app: text(40), hours: { type: 'string', pattern: '^[0-9]{1,3}$' } }, additionalProperties: false } },
    },
    async (request) => {
      const name = request.query.app;
      if (!isReleasableApp(name)) throw new OpsError(400, `Unknown app "${name}"`, 'invalid');
      return { app: name, minutes: await healthMinutes(db, name, Math.min(168, Math.max(1, Number(request.query.hours ?? 24)))) };
    },
  );

  // A signed link that shows a released, never rolled-back remote version in a tester's tab, for a few hours.
  app.get<{ Querystring: { app: string; version: string } }>(
    '/releases/preview-link',
    {
      config: { permission: 'releases.read' },
      schema: { querystring: { type: 'object', required: ['app', 'version'], properties: { app: text(40), version: text(64) }, additionalProperties: false } },
    },
    async (request) => {
      if (!options.previewLink) throw new OpsError(404, 'Previews are not possible here', 'invalid');
      return options.previewLink(request.query.app, request.query.version);
    },
  );

  const releaseBody = {
    type: 'object',
    required: ['app', 'reason'],
    properties: { app: text(40), version: text(64), reason, force: { type: 'boolean' } },
    additionalProperties: false,
  } as const;

  app.post<{ Body: { app: string; version?: string; reason: string; force?: boolean } }>(
    '/releases/activate',
    { config: { permission: 'releases.act' }, schema: { body: releaseBody } },
    async (request) => {
      const actor = actorOf(request);
      const { app: name, version, reason: why, force } = request.body;
      if (!version) throw new OpsError(400, 'Which version?', 'invalid');
      return registry.activate(name, version, actor.name, why, force, auditRegistry(actor, 'release.activate', why));
    },
  );

  // A canary: a release for a share of browsers, raised step by step; 100 % is an activation.
  app.post<{ Body: { app: string; version: string; share: number; reason: string; force?: boolean } }>(
    '/releases/promote',
    {
      config: { permission: 'releases.act' },
      schema: {
        body: {
          type: 'object',
          required: ['app', 'version', 'share', 'reason'],
          properties: { app: text(40), version: text(64), share: { type: 'integer', minimum: 1, maximum: 100 }, reason, force: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { app: name, version, share, reason: why, force } = request.body;
      return registry.promote(name, version, share, actor.name, why, force, auditRegistry(actor, 'release.activate', why));
    },
  );

  // The store's automatic rollback of an app, on or off.
  app.post<{ Body: { app: string; auto_rollback: boolean; reason: string } }>(
    '/releases/policy',
    {
      config: { permission: 'releases.act' },
      schema: {
        body: { type: 'object', required: ['app', 'auto_rollback', 'reason'], properties: { app: text(40), auto_rollback: { type: 'boolean' }, reason }, additionalProperties: false },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { app: name, auto_rollback: on, reason: why } = request.body;
      if (!isReleasableApp(name) || name === 'host') throw new OpsError(400, `Unknown remote "${name}"`, 'invalid');
      await db.transaction(async (tx) => {
        await setAutoRollback(tx, name, on, actor.name);
        await writeAudit(tx, actor, { action: 'release.policy', targetType: 'app', targetId: name, after: { auto_rollback: on }, reason: why });
      });
      return { app: name, auto_rollback: on };
    },
  );

  app.post<{ Body: { app: string; reason: string } }>(
    '/releases/rollback',
    { config: { permission: 'releases.act' }, schema: { body: releaseBody } },
    async (request) => {
      const actor = actorOf(request);
      return registry.rollback(request.body.app, actor.name, request.body.reason, auditRegistry(actor, 'release.rollback', request.body.reason));
    },
  );

  // The catalogue as a file: download, check, import (docs/catalogue.md).
  app.get('/catalogue', { config: { permission: 'read' } }, async () => catalogueRevisions(db));

  app.get<{ Querystring: { revision?: string } }>(
    '/catalogue/file',
    { config: { permission: 'read' }, schema: { querystring: { type: 'object', properties: { revision: { type: 'string', pattern: '^[0-9]{1,9}$' } } } } },
    async (request, reply) => {
      const revision = request.query.revision ? Number(request.query.revision) : null;
      const file = revision === null ? await exportCatalogue(db) : await catalogueAtRevision(db, revision);
      if (!file) throw new OpsError(404, `No catalogue revision ${revision} was made from a file`, 'noSuchRevision');
      const name = revision === null ? `catalogue-${(await catalogueRevisions(db, 1)).current}.json` : `catalogue-${revision}.json`;
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(`${JSON.stringify(file, null, 2)}\n`);
    },
  );

  /** What a catalogue file's checks allow beyond the defaults: this store's banner link hosts. */
  const checks = { bannerLinkHosts: options.bannerLinkHosts ?? [], payTypes: options.orders.payments.payTypes };

  /** A catalogue file is larger than any other request: up to MAX_CATALOGUE_FILE_BYTES, with the import's words around it. */
  const CATALOGUE_BODY = MAX_CATALOGUE_FILE_BYTES + 64 * 1024;

  app.post<{ Body: unknown }>('/catalogue/check', { config: { permission: 'catalogue.edit' }, bodyLimit: CATALOGUE_BODY }, async (request): Promise<CatalogueCheck> => {
    // Checked a slice at a time: other requests are answered meanwhile (docs/security.md).
    const problems = await checkCatalogueFileInTurns(request.body, checks);
    if (problems.length > 0) return { problems, diff: null, large_price_changes: [] };
    const diff = diffCatalogue(await exportCatalogue(db), request.body as CatalogueFile);
    return { problems, diff, large_price_changes: largePriceChanges(diff) };
  });

  app.post<{ Body: { file: unknown; reason: string; request_key: string; confirm_price_changes?: boolean } }>(
    '/catalogue/import',
    {
      config: { permission: 'catalogue.edit' },
      bodyLimit: CATALOGUE_BODY,
      schema: {
        body: {
          type: 'object',
          required: ['file', 'reason', 'request_key'],
          properties: { file: { type: 'object' }, reason, request_key: requestKey, confirm_price_changes: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { file, reason: why, request_key, confirm_price_changes } = request.body;
      const done = await auditedRequest(db, request_key);
      if (done) return { revision: Number(done.target_id), done: false };
      const outcome = await importCatalogue(db, options.catalogue, file, backOfficeImport(actor, why, request_key, confirm_price_changes, checks));
      return { ...outcome, done: true };
    },
  );

  await app.register(catalogueDraftRoutes, { db, catalogue: options.catalogue, checks });
  await app.register(gameServerRoutes, { db, catalogue: options.catalogue, policy: options.gameEndpoints ?? STRICT_GAME_ENDPOINTS });

  // Revert: the catalogue of a revision made from a file, imported again as a new revision (the same checks).
  app.post<{ Body: { revision: number; reason: string; request_key: string; confirm_price_changes?: boolean } }>(
    '/catalogue/revert',
    {
      config: { permission: 'catalogue.edit' },
      schema: {
        body: {
          type: 'object',
          required: ['revision', 'reason', 'request_key'],
          properties: { revision: { type: 'integer', minimum: 1 }, reason, request_key: requestKey, confirm_price_changes: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { revision, reason: why, request_key, confirm_price_changes } = request.body;
      const done = await auditedRequest(db, request_key);
      if (done) return { revision: Number(done.target_id), done: false };
      const file = await catalogueAtRevision(db, revision);
      if (!file) throw new OpsError(404, `No catalogue revision ${revision} was made from a file`, 'noSuchRevision');
      const because = `revert to revision ${revision}: ${why}`;
      // What was added since stays (an import never removes): the revision's rows come back as they were.
      const outcome = await importCatalogue(db, options.catalogue, file, { ...backOfficeImport(actor, because, request_key, confirm_price_changes, checks), partial: true });
      return { ...outcome, done: true };
    },
  );

  // Pictures for the catalogue (banners): uploaded as bytes, served by /assets/catalogue/<name>.
  await app.register(catalogueImageRoutes, { db });

  // The audit log: read-only, filterable.
  app.get<{ Querystring: Query }>(
    '/audit',
    {
      config: { permission: 'read' },
      schema: {
        querystring: {
          type: 'object',
          properties: { actor: text(200), action: text(60), target_type: text(40), target_id: text(100), from: text(40), to: text(40), before: text(20), limit: text(4) },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const q = request.query;
      return readAudit(db, {
        actor: q.actor?.trim() || undefined,
        action: q.action || undefined,
        targetType: q.target_type || undefined,
        targetId: q.target_id?.trim() || undefined,
        from: dateOrUndefined(q.from),
        to: dateOrUndefined(q.to),
        before: integerOrUndefined(q.before),
        limit: Math.min(Math.max(integerOrUndefined(q.limit) ?? 50, 1), 200),
      });
    },
  );
}
