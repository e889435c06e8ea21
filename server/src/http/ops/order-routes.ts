import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import type { OrderServices } from '../../orders';
import { auditRowsFor } from './audit-routes';
import { csvField } from './csv';
import { reconcileStore } from '../../orders';
import { actOnOrder, ORDER_ACTIONS, type OrderAction } from '../../ops/order-actions';
import { listOrders, readDossier, type OrderFilter, type OrderListRow } from '../../ops/order-desk';
import { readPlayer, readPlayerKey } from '../../ops/player-desk';
import { correctPointsFromDesk, endLinkFromDesk, resendGiftFromDesk } from '../../ops/character-rewards-desk';
import { auditedRequest, writeAudit } from '../../ops/audit';
import { addNote, notesOn } from '../../support/desk-notes';
import { ticketsOfPlayer } from '../../support/support-tickets';
import { OperationRefused } from '../../domain-errors';
import { actorOf, dateOrUndefined, integerOrUndefined, noteBody, reason, requestKey, text, type Query } from './route-parts';

const ORDER_QUERY = {
  type: 'object',
  properties: {
    order_id: text(64),
    game_id: text(12),
    server_id: text(64),
    character: text(100),
    email: text(254),
    uid: text(100),
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

function orderFilterOf(query: Query, limit: number): OrderFilter {
  return {
    orderId: query.order_id?.trim() || undefined,
    gameId: integerOrUndefined(query.game_id),
    serverId: query.server_id?.trim() || undefined,
    character: query.character?.trim() || undefined,
    email: query.email?.trim() || undefined,
    uid: query.uid?.trim() || undefined,
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

/** What the CSV adds to a listed order: its receipt e-mail and discount code, and its time in ISO 8601 UTC. */
interface CsvExtra {
  readonly order_id: string;
  readonly created_at: string;
  readonly receipt_email: string;
  readonly discount_code: string;
}

const CSV_COLUMNS: readonly (keyof OrderListRow | keyof CsvExtra)[] = [
  'order_id', 'created_at', 'status', 'game_id', 'area', 'server_id', 'server_name', 'role_id', 'role_name',
  'product_name', 'pay_type', 'amount_minor', 'currency', 'receipt_email', 'discount_code', 'disputed',
];

/** A page's orders as the CSV gives them: times as spreadsheets and other tools read them (2026-11-26T07:00:00.000Z), with e-mail and code. */
async function csvRows(db: Db, rows: readonly OrderListRow[]): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const extra = await db.query<CsvExtra>(
    `SELECT order_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, receipt_email, discount_code
       FROM orders WHERE order_id = ANY($1::text[])`,
    [rows.map((row) => row.order_id)],
  );
  const byId = new Map(extra.map((row) => [row.order_id, row]));
  return rows.map((row) => ({ ...row, ...byId.get(row.order_id) }));
}

/** Rows one CSV export holds at most (a wider export is a database job, not a browser download). */
const CSV_MAX_ROWS = 100_000;

/** `/ops/api/orders*` and `/ops/api/attention`: the support desk's orders and what needs attention. */
export async function orderRoutes(app: FastifyInstance, options: { readonly db: Db; readonly orders: OrderServices }): Promise<void> {
  const { db } = options;
  // A filter the list does not know is refused, never dropped: a search that seems to work but shows every order misleads.
  const known = new Set(Object.keys(ORDER_QUERY.properties));
  const preValidation = async (request: FastifyRequest) => {
    const unknown = Object.keys((request.query ?? {}) as object).filter((name) => !known.has(name));
    if (unknown.length > 0) throw new OperationRefused('invalid', `Unknown filter ${unknown.slice(0, 5).join(', ').slice(0, 200)}`, 'badFilter');
  };
  app.get<{ Querystring: Query }>('/orders', { config: { permission: 'read' }, schema: { querystring: ORDER_QUERY }, preValidation }, async (request) => {
    const limit = Math.min(Math.max(integerOrUndefined(request.query.limit) ?? 50, 1), 200);
    return listOrders(db, orderFilterOf(request.query, limit));
  });

  app.get<{ Querystring: Query }>('/orders.csv', { config: { permission: 'read' }, schema: { querystring: ORDER_QUERY }, preValidation }, async (request, reply: FastifyReply) => {
    const lines = [CSV_COLUMNS.join(',')];
    let after: string | undefined;
    do {
      const page = await listOrders(db, { ...orderFilterOf(request.query, 1000), after });
      for (const row of await csvRows(db, page.rows)) lines.push(CSV_COLUMNS.map((column) => csvField(row[column])).join(','));
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
      if (!dossier) throw new OperationRefused('notFound', `No order ${request.params.id}`, 'noSuchOrder');
      const [tickets, notes] = await Promise.all([ticketsOfPlayer(db, [request.params.id], [], 50), notesOn(db, 'order', [request.params.id])]);
      return { ...dossier, audit: auditRowsFor(request, dossier.audit), tickets, notes };
    },
  );

  app.post<{ Params: { id: string }; Body: { body: string; request_key: string } }>(
    '/orders/:id/notes',
    {
      config: { permission: 'orders.act' },
      schema: {
        params: { type: 'object', properties: { id: text(64) } },
        body: { type: 'object', required: ['body', 'request_key'], properties: { body: noteBody, request_key: requestKey }, additionalProperties: false },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { body, request_key } = request.body;
      const orderId = request.params.id;
      if (!body.trim()) throw new OperationRefused('invalid', 'Write the note', 'noteRequired');
      const done = await db.transaction(async (tx) => {
        if ((await tx.query('SELECT 1 FROM orders WHERE order_id = $1', [orderId])).length === 0) throw new OperationRefused('notFound', `No order ${orderId}`, 'noSuchOrder');
        if (await auditedRequest(tx, request_key)) return false;
        const note = await addNote(tx, actor, { targetType: 'order', targetId: orderId, body });
        const recorded = await writeAudit(tx, actor, { action: 'order.note', targetType: 'order', targetId: orderId, after: { note: note.id, length: note.body.length }, requestKey: request_key });
        if (!recorded) throw new OperationRefused('conflict', 'This request is being done already', 'inProgress');
        return true;
      });
      return { notes: await notesOn(db, 'order', [orderId]), done };
    },
  );

  // The player's page: whatever the desk typed (order, ticket, account, character, name, e-mail).
  app.get<{ Querystring: { q?: string } }>(
    '/player',
    { config: { permission: 'read' }, schema: { querystring: { type: 'object', properties: { q: text(254) } } } },
    async (request) => {
      const key = await readPlayerKey(db, request.query.q ?? '');
      if (!key) throw new OperationRefused('invalid', 'Type an order, a character, an account or an e-mail address', 'badFilter');
      return readPlayer(db, key);
    },
  );

  // The player's page: end a character's link to a browser, correct its points, mail a gift again (decisions 304, 305).
  // A character is named by its game, server and role in the body.
  const CHARACTER = { game_id: { type: 'integer', minimum: 1, maximum: 999_999_999 }, server_id: text(32), role_id: text(64) } as const;
  app.post<{ Params: { id: string }; Body: { reason: string; request_key: string } }>(
    '/player/links/:id/end',
    {
      config: { permission: 'orders.act' },
      schema: {
        params: { type: 'object', properties: { id: text(64) } },
        body: { type: 'object', required: ['reason', 'request_key'], properties: { reason, request_key: requestKey }, additionalProperties: false },
      },
    },
    (request) => endLinkFromDesk(db, actorOf(request), request.params.id, request.body.reason, request.body.request_key),
  );

  app.post<{ Body: { game_id: number; server_id: string; role_id: string; points: number; reason: string; request_key: string } }>(
    '/player/points',
    {
      config: { permission: 'orders.act' },
      schema: {
        body: {
          type: 'object',
          required: ['game_id', 'server_id', 'role_id', 'points', 'reason', 'request_key'],
          properties: {
            ...CHARACTER,
            points: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 },
            reason,
            request_key: requestKey,
          },
          additionalProperties: false,
        },
      },
    },
    (request) => {
      const { game_id: gameId, server_id: serverId, role_id: roleId, points, reason: why, request_key } = request.body;
      return correctPointsFromDesk(db, actorOf(request), { gameId, serverId, roleId }, points, why, request_key);
    },
  );

  app.post<{ Body: { game_id: number; server_id: string; role_id: string; day: string; reason: string; request_key: string } }>(
    '/player/gifts/resend',
    {
      config: { permission: 'orders.act' },
      schema: {
        body: {
          type: 'object',
          required: ['game_id', 'server_id', 'role_id', 'day', 'reason', 'request_key'],
          properties: {
            ...CHARACTER,
            day: text(10),
            reason,
            request_key: requestKey,
          },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { game_id: gameId, server_id: serverId, role_id: roleId, day, reason: why, request_key } = request.body;
      const outcome = await resendGiftFromDesk(db, actorOf(request), { gameId, serverId, roleId }, day, why, request_key);
      if (outcome.done) options.orders.wakeDelivery();
      return outcome;
    },
  );

  app.post<{ Params: { id: string }; Body: { action: OrderAction; reason: string; request_key: string; confirmed?: boolean; amount_minor?: number } }>(
    '/orders/:id/actions',
    {
      config: { permission: 'orders.act' },
      schema: {
        params: { type: 'object', properties: { id: text(64) } },
        body: {
          type: 'object',
          required: ['action', 'reason', 'request_key'],
          properties: {
            action: { type: 'string', enum: [...ORDER_ACTIONS] },
            reason,
            request_key: requestKey,
            confirmed: { type: 'boolean' },
            amount_minor: { type: 'integer', minimum: 1, maximum: 2_000_000_000 },
          },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { action, reason: why, request_key, confirmed, amount_minor } = request.body;
      const outcome = await actOnOrder(db, actorOf(request), { action, orderId: request.params.id, reason: why, requestKey: request_key, confirmed, amountMinor: amount_minor });
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
          WHERE j.job IN ('refund', 'refund_payment', 'refund_part') ORDER BY j.created_at LIMIT 200`,
      ),
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_tickets WHERE status = 'open'`),
    ]);
    return {
      findings: sections.map((section) => ({ key: section.key, params: section.params, title: section.title, meaning: section.meaning, rows: section.rows })),
      failingDeliveries: failing,
      pendingRefunds: refunds,
      openTickets: tickets[0]?.n ?? 0,
    };
  });
}
