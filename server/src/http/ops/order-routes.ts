import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/db';
import type { OrderServices } from '../../orders';
import { auditRowsFor } from './audit-routes';
import { csvField } from './csv';
import { reconcileStore } from '../../orders';
import { actOnOrder, ORDER_ACTIONS, type OrderAction } from '../../ops/order-actions';
import { listOrders, readDossier, type OrderFilter, type OrderListRow } from '../../ops/order-desk';
import { OperationRefused } from '../../domain-errors';
import { actorOf, dateOrUndefined, integerOrUndefined, reason, requestKey, text, type Query } from './route-parts';

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

/** Rows one CSV export holds at most (a wider export is a database job, not a browser download). */
const CSV_MAX_ROWS = 100_000;

/** `/ops/api/orders*` and `/ops/api/attention`: the support desk's orders and what needs attention. */
export async function orderRoutes(app: FastifyInstance, options: { readonly db: Db; readonly orders: OrderServices }): Promise<void> {
  const { db } = options;
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
      if (!dossier) throw new OperationRefused('notFound', `No order ${request.params.id}`, 'noSuchOrder');
      return { ...dossier, audit: auditRowsFor(request, dossier.audit) };
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
}
