import type { FastifyInstance } from 'fastify';
import { isEmailAddress } from '@topup/shared/formats';
import type { Db, Queryable } from '../../db/db';
import type { OrderServices } from '../../orders';
import {
  answerTicket,
  assignTicket,
  linkTicketOrder,
  listTickets,
  readTicket,
  setTicketStatus,
  type TicketRow,
  type TicketStatus,
} from '../../support/support-tickets';
import { addNote, notesOn } from '../../support/desk-notes';
import { auditedRequest, readAudit, writeAudit, type Actor, type AuditEntry } from '../../ops/audit';
import { may, isOperatorRole } from '../../ops/roles';
import { OperationRefused } from '../../domain-errors';
import { actorOf, noteBody, requestKey, text } from './route-parts';

const REFERENCE_PARAMS = { type: 'object', properties: { reference: text(20) } } as const;

/**
 * Does one change of a ticket and its audit row in one transaction; the request key makes it idempotent
 * (false: done before). `change` gets the ticket as it was and returns the audit entry's action and after.
 */
async function changeTicket(
  db: Db,
  actor: Actor,
  reference: string,
  key: string,
  change: (tx: Queryable, ticket: TicketRow) => Promise<Pick<AuditEntry, 'action' | 'after'> & { before?: unknown }>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.query('SELECT 1 FROM support_tickets WHERE reference = $1 FOR UPDATE', [reference]);
    const ticket = locked ? await readTicket(tx, reference) : null;
    if (!ticket) throw new OperationRefused('notFound', `No ticket ${reference}`, 'noSuchTicket');
    if (await auditedRequest(tx, key)) return false;
    const entry = await change(tx, ticket);
    const recorded = await writeAudit(tx, actor, { before: entry.before ?? { status: ticket.status }, ...entry, targetType: 'ticket', targetId: reference, requestKey: key });
    if (!recorded) throw new OperationRefused('conflict', 'This request is being done already', 'inProgress');
    return true;
  });
}

/** `/ops/api/tickets*`: the tickets of the help page, answered by mail, assigned, linked to an order, noted. */
export async function ticketRoutes(app: FastifyInstance, options: { readonly db: Db; readonly orders: OrderServices }): Promise<void> {
  const { db } = options;
  app.get<{ Querystring: { status?: string; assignee?: string; email?: string } }>(
    '/tickets',
    {
      config: { permission: 'read' },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: ['open', 'answered', 'closed', 'all'] },
            // 'me': the signed-in operator's tickets; 'nobody': no agent's; an operator's id
            assignee: { type: 'string', pattern: '^(me|nobody|[0-9]{1,9})?$' },
            email: text(254),
          },
        },
      },
    },
    async (request) => {
      const { status, assignee, email } = request.query;
      const actor = actorOf(request);
      const who =
        assignee === 'me' ? (actor.operatorId ?? -2) : assignee === 'nobody' ? ('nobody' as const) : assignee ? Number(assignee) : undefined;
      return {
        tickets: await listTickets(db, {
          status: status && status !== 'all' ? (status as TicketStatus) : null,
          assignee: who,
          email: email?.trim() || undefined,
          limit: 200,
        }),
      };
    },
  );

  app.get<{ Params: { reference: string } }>('/tickets/:reference', { config: { permission: 'read' }, schema: { params: REFERENCE_PARAMS } }, async (request) => {
    const ticket = await readTicket(db, request.params.reference);
    if (!ticket) throw new OperationRefused('notFound', `No ticket ${request.params.reference}`, 'noSuchTicket');
    const [notes, audit] = await Promise.all([
      notesOn(db, 'ticket', [ticket.reference]),
      readAudit(db, { targetType: 'ticket', targetId: ticket.reference, limit: 100 }),
    ]);
    return { ticket, notes, audit: audit.rows };
  });

  // The agents a ticket may be given to: active operators whose role answers tickets.
  app.get('/desk/agents', { config: { permission: 'read' } }, async () => {
    const rows = await db.query<{ id: number; email: string; role: string }>('SELECT id, email, role FROM operators WHERE disabled_at IS NULL ORDER BY email');
    return { agents: rows.filter((row) => isOperatorRole(row.role) && may(row.role, 'tickets.act')).map(({ id, email }) => ({ id, email })) };
  });

  app.post<{ Params: { reference: string }; Body: { answer?: string; status?: TicketStatus; request_key: string } }>(
    '/tickets/:reference',
    {
      config: { permission: 'tickets.act' },
      schema: {
        params: REFERENCE_PARAMS,
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
      if (!answer && !status) throw new OperationRefused('invalid', 'Write an answer or choose a status', 'invalid');
      const actor = actorOf(request);
      const done = await changeTicket(db, actor, request.params.reference, request_key, async (tx, ticket) => {
        const answers = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'ticket.answer' AND target_id = $1`, [ticket.reference]))[0]?.n ?? 0;
        if (answer && !isEmailAddress(ticket.email)) {
          throw new OperationRefused('unacceptable', `Ticket ${ticket.reference} has no single e-mail address to answer: reply another way`, 'invalid');
        }
        if (answer) await answerTicket(tx, ticket, answer, actor.name, answers + 1);
        if (status) await setTicketStatus(tx, ticket.reference, status);
        return { action: answer ? 'ticket.answer' : 'ticket.status', after: { status: status ?? 'answered', ...(answer ? { answer } : {}) } };
      });
      if (done && answer) options.orders.wakeMail?.();
      return { ticket: await readTicket(db, request.params.reference), done };
    },
  );

  app.post<{ Params: { reference: string }; Body: { operator_id: number | null; request_key: string } }>(
    '/tickets/:reference/assign',
    {
      config: { permission: 'tickets.act' },
      schema: {
        params: REFERENCE_PARAMS,
        body: {
          type: 'object',
          required: ['operator_id', 'request_key'],
          properties: { operator_id: { type: ['integer', 'null'], minimum: 1, maximum: 2_000_000_000 }, request_key: requestKey },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { operator_id, request_key } = request.body;
      const done = await changeTicket(db, actorOf(request), request.params.reference, request_key, async (tx, ticket) => {
        let agent: string | null = null;
        if (operator_id !== null) {
          const [row] = await tx.query<{ email: string; role: string; disabled: boolean }>('SELECT email, role, disabled_at IS NOT NULL AS disabled FROM operators WHERE id = $1', [operator_id]);
          if (!row || row.disabled || !isOperatorRole(row.role) || !may(row.role, 'tickets.act')) {
            throw new OperationRefused('invalid', `Operator ${operator_id} does not answer tickets`, 'notAnAgent');
          }
          agent = row.email;
        }
        await assignTicket(tx, ticket.reference, operator_id);
        return { action: 'ticket.assign', before: { assignee: ticket.assignee }, after: { assignee: agent } };
      });
      return { ticket: await readTicket(db, request.params.reference), done };
    },
  );

  app.post<{ Params: { reference: string }; Body: { order_id: string | null; request_key: string } }>(
    '/tickets/:reference/link',
    {
      config: { permission: 'tickets.act' },
      schema: {
        params: REFERENCE_PARAMS,
        body: {
          type: 'object',
          required: ['order_id', 'request_key'],
          properties: { order_id: { type: ['string', 'null'], minLength: 1, maxLength: 64 }, request_key: requestKey },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const orderId = request.body.order_id?.trim() || null;
      const done = await changeTicket(db, actorOf(request), request.params.reference, request.body.request_key, async (tx, ticket) => {
        if (orderId && (await tx.query('SELECT 1 FROM orders WHERE order_id = $1', [orderId])).length === 0) {
          throw new OperationRefused('notFound', `No order ${orderId}`, 'noSuchOrder');
        }
        await linkTicketOrder(tx, ticket.reference, orderId);
        return { action: 'ticket.link', before: { order_id: ticket.linked_order_id ?? ticket.order_id }, after: { order_id: orderId ?? ticket.order_id } };
      });
      return { ticket: await readTicket(db, request.params.reference), done };
    },
  );

  app.post<{ Params: { reference: string }; Body: { body: string; request_key: string } }>(
    '/tickets/:reference/notes',
    {
      config: { permission: 'tickets.act' },
      schema: {
        params: REFERENCE_PARAMS,
        body: { type: 'object', required: ['body', 'request_key'], properties: { body: noteBody, request_key: requestKey }, additionalProperties: false },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { body, request_key } = request.body;
      if (!body.trim()) throw new OperationRefused('invalid', 'Write the note', 'noteRequired');
      const done = await changeTicket(db, actor, request.params.reference, request_key, async (tx, ticket) => {
        const note = await addNote(tx, actor, { targetType: 'ticket', targetId: ticket.reference, body });
        return { action: 'ticket.note', before: null, after: { note: note.id, length: note.body.length } };
      });
      return { notes: await notesOn(db, 'ticket', [request.params.reference]), done };
    },
  );
}
