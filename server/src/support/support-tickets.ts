import { randomInt } from 'node:crypto';
import { isEmailAddress } from '@topup/shared/formats';
import type { Locale } from '@topup/shared/rules';
import type { OpsTicket, PlayerTicket } from '@topup/shared/types';
import type { Db, Queryable } from '../db/db';
import { isoTimeSql } from '../db/iso-time-sql';
import { queueMail } from '../fulfilment';
import { openIncident, resolveIncident } from '../alerts';

export interface TicketRequest {
  readonly orderId: string;
  readonly gameId: number | null;
  readonly area: string;
  readonly email: string;
  readonly message: string;
  readonly locale: Locale;
}

/** Letters and digits a player reads back over the phone without doubt (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A ticket's reference, e.g. "T-7KD3-9QXA". */
export function newTicketReference(): string {
  const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `T-${part()}-${part()}`;
}

/**
 * The acknowledgement: the reference and a fixed text, never what the sender wrote. Anyone may type
 * anyone's address into the form, so the mail must carry nothing of theirs (no link, no words)
 * into the inbox it reaches (decision 259); the order id is shown only when it names an order.
 */
const MAIL: Readonly<Record<Locale, { subject: (reference: string) => string; body: (reference: string, order: string) => string }>> = {
  en: {
    subject: (reference) => `We received your message (${reference})`,
    body: (reference, order) =>
      `Thank you for writing to TopUp Store support.\n\nYour reference: ${reference}\n${order ? `Order: ${order}\n` : ''}\nWe answer by e-mail, usually within one business day. Please keep the reference: quote it if you write again.\n\nIf you did not write to us, you can ignore this mail.\n`,
  },
  ko: {
    subject: (reference) => `문의가 접수되었습니다 (${reference})`,
    body: (reference, order) =>
      `TopUp Store 고객센터에 문의해 주셔서 감사합니다.\n\n접수 번호: ${reference}\n${order ? `주문 번호: ${order}\n` : ''}\n보통 영업일 기준 1일 이내에 이메일로 답변드립니다. 다시 문의하실 때 접수 번호를 알려 주세요.\n\n문의하신 적이 없다면 이 메일은 무시하셔도 됩니다.\n`,
  },
  zh: {
    subject: (reference) => `我们已收到你的留言（${reference}）`,
    body: (reference, order) =>
      `感谢你联系 TopUp Store 客服。\n\n工单号：${reference}\n${order ? `订单号：${order}\n` : ''}\n我们通常会在一个工作日内通过电子邮件回复。再次联系时请提供工单号。\n\n如果你没有联系过我们，请忽略此邮件。\n`,
  },
};

/**
 * Stores a ticket and, in the same transaction, queues the e-mail that gives the player its
 * reference (sent once by the mail worker). Returns the reference.
 */
export async function createTicket(db: Db, request: TicketRequest): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const reference = newTicketReference();
    const stored = await db.transaction(async (tx) => {
      const rows = await tx.query<{ reference: string }>(
        `INSERT INTO support_tickets (reference, order_id, game_id, area, email, message, locale)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (reference) DO NOTHING RETURNING reference`,
        [reference, request.orderId, request.gameId, request.area, request.email, request.message, request.locale],
      );
      if (rows.length === 0) return false;
      const words = MAIL[request.locale];
      // The order id only when it names an order: otherwise it is the sender's text too.
      const order = request.orderId ? (await tx.query('SELECT 1 FROM orders WHERE order_id = $1', [request.orderId])).length > 0 : false;
      await queueMail(tx, {
        key: `ticket:${reference}`,
        to: request.email,
        subject: words.subject(reference),
        text: words.body(reference, order ? request.orderId : ''),
        locale: request.locale,
      });
      await openIncident(tx, ticketAlert(reference, 'new', order ? request.orderId : '', request.gameId));
      return true;
    });
    if (stored) return reference;
    // 31^8 references: a second clash in a row means something else is wrong.
    if (attempt >= 3) throw new Error('no free support-ticket reference');
  }
}

export type TicketStatus = 'open' | 'answered' | 'closed';

/**
 * A ticket waiting for support is an incident of its own (alert kind `ticket`): opened when it is
 * written or reopened, resolved when it is answered or closed. It names the ticket and never quotes
 * the sender (their words go to operators' chat channels otherwise).
 */
function ticketAlert(reference: string, how: 'new' | 'reopened', orderId: string, gameId: number | null) {
  return {
    kind: 'ticket' as const,
    subject: reference,
    title: `${how === 'new' ? 'new ticket' : 'ticket reopened'} ${reference}`,
    facts: { reference, ...(orderId ? { order_id: orderId } : {}), ...(gameId !== null ? { game_id: gameId } : {}) },
  };
}

export type TicketRow = OpsTicket & { readonly locale: Locale };

const TICKET_COLUMNS = `t.reference, t.order_id, t.game_id, t.area, t.email, t.message, t.locale, t.status, t.answer, t.answered_by,
  t.answered_at::text, t.created_at::text, t.linked_order_id, t.assigned_to AS assignee_id,
  (SELECT a.email FROM operators a WHERE a.id = t.assigned_to) AS assignee,
  EXISTS (SELECT 1 FROM orders o WHERE o.order_id = coalesce(t.linked_order_id, t.order_id)) AS order_found`;

/** Which tickets the queue shows: of a status (all when null), of an agent (or nobody's), of an address. */
export interface TicketQuery {
  readonly status: TicketStatus | null;
  /** An operator's id: their tickets; 'nobody': tickets no agent has; undefined: anyone's. */
  readonly assignee?: number | 'nobody';
  /** The player's address, exactly (any case). */
  readonly email?: string;
  readonly limit: number;
}

/** The support desk's queue: oldest open first, newest first otherwise. */
export async function listTickets(db: Queryable, query: TicketQuery): Promise<TicketRow[]> {
  const assignee = query.assignee === 'nobody' ? -1 : (query.assignee ?? null);
  return db.query<TicketRow>(
    `SELECT ${TICKET_COLUMNS} FROM support_tickets t
      WHERE ($1::text IS NULL OR t.status = $1)
        AND ($3::int IS NULL OR ($3 = -1 AND t.assigned_to IS NULL) OR t.assigned_to = $3)
        AND ($4::text IS NULL OR lower(t.email) = lower($4))
      ORDER BY CASE WHEN $1 = 'open' THEN t.created_at END ASC, t.created_at DESC LIMIT $2`,
    [query.status, query.limit, assignee, query.email ?? null],
  );
}

export async function readTicket(db: Queryable, reference: string): Promise<TicketRow | null> {
  const rows = await db.query<TicketRow>(`SELECT ${TICKET_COLUMNS} FROM support_tickets t WHERE t.reference = $1`, [reference]);
  return rows[0] ?? null;
}

/**
 * Tickets about these orders (linked by the agent, or the order number the player typed when the agent
 * linked none) or written from these addresses (any case), newest first.
 */
export function ticketsOfPlayer(db: Queryable, orderIds: readonly string[], emails: readonly string[], limit: number): Promise<TicketRow[]> {
  return db.query<TicketRow>(
    `SELECT ${TICKET_COLUMNS} FROM support_tickets t
      WHERE t.linked_order_id = ANY($1::text[])
         OR (t.linked_order_id IS NULL AND t.order_id = ANY($1::text[]))
         OR lower(t.email) = ANY($2::text[])
      ORDER BY t.created_at DESC LIMIT $3`,
    [[...orderIds], emails.map((email) => email.toLowerCase()), limit],
  );
}

/** Gives a ticket to an agent (an operator's id), or to nobody. */
export async function assignTicket(tx: Queryable, reference: string, operatorId: number | null): Promise<void> {
  await tx.query('UPDATE support_tickets SET assigned_to = $2, updated_at = now() WHERE reference = $1', [reference, operatorId]);
}

/** Links a ticket to an order the agent picked (it must exist), or back to the number the player typed (null). */
export async function linkTicketOrder(tx: Queryable, reference: string, orderId: string | null): Promise<void> {
  await tx.query('UPDATE support_tickets SET linked_order_id = $2, updated_at = now() WHERE reference = $1', [reference, orderId]);
}

/** Support's answer: what support wrote and the reference; the sender's message is not quoted back. */
const ANSWER: Readonly<Record<Locale, { subject: (reference: string) => string; body: (reference: string, answer: string) => string }>> = {
  en: {
    subject: (reference) => `Re: your message (${reference})`,
    body: (reference, answer) => `${answer}\n\n— TopUp Store support\nReference: ${reference}\n`,
  },
  ko: {
    subject: (reference) => `Re: 문의 답변 (${reference})`,
    body: (reference, answer) => `${answer}\n\n— TopUp Store 고객센터\n접수 번호: ${reference}\n`,
  },
  zh: {
    subject: (reference) => `回复：你的留言（${reference}）`,
    body: (reference, answer) => `${answer}\n\n— TopUp Store 客服\n工单号：${reference}\n`,
  },
};

/**
 * Answers a ticket by e-mail in the player's language (queued in the mail outbox in the same
 * transaction) and marks it answered. `number` keys the mail: each answer is sent once. It goes to
 * the ticket's own address and only there, which must be one plain address (a ticket written before
 * the form was strict may hold a list: the back office refuses to answer it by mail).
 */
export async function answerTicket(tx: Queryable, ticket: TicketRow, answer: string, by: string, number: number): Promise<void> {
  if (!isEmailAddress(ticket.email)) throw new Error(`ticket ${ticket.reference}: its address is not one plain address`);
  await tx.query(`UPDATE support_tickets SET status = 'answered', answer = $2, answered_by = $3, answered_at = now() WHERE reference = $1`, [ticket.reference, answer, by]);
  const words = ANSWER[ticket.locale] ?? ANSWER.en;
  await queueMail(tx, {
    key: `ticket-answer:${ticket.reference}:${number}`,
    to: ticket.email,
    subject: words.subject(ticket.reference),
    text: words.body(ticket.reference, answer),
    locale: ticket.locale,
  });
  await resolveIncident(tx, 'ticket', ticket.reference);
}

export async function setTicketStatus(tx: Queryable, reference: string, status: TicketStatus): Promise<void> {
  const [before] = await tx.query<{ status: TicketStatus; order_id: string; game_id: number | null; order_found: boolean }>(
    `SELECT t.status, t.order_id, t.game_id, EXISTS (SELECT 1 FROM orders o WHERE o.order_id = t.order_id) AS order_found
       FROM support_tickets t WHERE t.reference = $1 FOR UPDATE`,
    [reference],
  );
  await tx.query('UPDATE support_tickets SET status = $2, updated_at = now() WHERE reference = $1', [reference, status]);
  if (status !== 'open') await resolveIncident(tx, 'ticket', reference);
  else if (before && before.status !== 'open') await openIncident(tx, ticketAlert(reference, 'reopened', before.order_found ? before.order_id : '', before.game_id));
}

/**
 * A player's ticket, only when both its reference and its e-mail address match (any case, spaces
 * around): one query whichever is wrong, so the answer never tells which one was (no enumeration of
 * references, nor of whose address wrote one). Never the desk's names or notes: what the player wrote,
 * its state and the answer they were e-mailed.
 */
export async function findPlayerTicket(db: Queryable, reference: string, email: string): Promise<PlayerTicket | null> {
  const rows = await db.query<PlayerTicket>(
    `SELECT reference, status, ${isoTimeSql('created_at')} AS created_at, order_id, message, answer, ${isoTimeSql('answered_at')} AS answered_at
       FROM support_tickets WHERE reference = $1 AND lower(email) = lower($2)`,
    [reference.trim().toUpperCase(), email.trim()],
  );
  return rows[0] ?? null;
}
