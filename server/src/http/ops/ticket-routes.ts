import type { FastifyInstance } from 'fastify';
import { isEmailAddress } from '@topup/shared/formats';
import type { Db } from '../../db/db';
import type { OrderServices } from '../../orders';
import { answerTicket, listTickets, readTicket, setTicketStatus, type TicketStatus } from '../../support/support-tickets';
import { auditedRequest, writeAudit } from '../../ops/audit';
import { OperationRefused } from '../../domain-errors';
import { actorOf, requestKey, text } from './route-parts';

/** `/ops/api/tickets*`: the tickets of the help page, answered by mail. */
export async function ticketRoutes(app: FastifyInstance, options: { readonly db: Db; readonly orders: OrderServices }): Promise<void> {
  const { db } = options;
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
      if (!answer && !status) throw new OperationRefused('invalid', 'Write an answer or choose a status', 'invalid');
      const actor = actorOf(request);
      const done = await db.transaction(async (tx) => {
        const ticket = await readTicket(tx, request.params.reference);
        if (!ticket) throw new OperationRefused('notFound', `No ticket ${request.params.reference}`, 'noSuchTicket');
        if (await auditedRequest(tx, request_key)) return false;
        const answers = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'ticket.answer' AND target_id = $1`, [ticket.reference]))[0]?.n ?? 0;
        if (answer && !isEmailAddress(ticket.email)) {
          throw new OperationRefused('unacceptable', `Ticket ${ticket.reference} has no single e-mail address to answer: reply another way`, 'invalid');
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
}
