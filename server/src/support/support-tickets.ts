import { randomInt } from 'node:crypto';
import type { Locale } from '@topup/shared/rules';
import type { Db } from '../db/db';
import { queueMail } from '../mail/mail-outbox';

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

const MAIL: Readonly<Record<Locale, { subject: (reference: string) => string; body: (reference: string, order: string, message: string) => string }>> = {
  en: {
    subject: (reference) => `We received your message (${reference})`,
    body: (reference, order, message) =>
      `Thank you for writing to TopUp Store support.\n\nYour reference: ${reference}\n${order ? `Order: ${order}\n` : ''}\nWe answer by e-mail, usually within one business day. Please keep the reference: quote it if you write again.\n\nYour message:\n${message}\n`,
  },
  ko: {
    subject: (reference) => `문의가 접수되었습니다 (${reference})`,
    body: (reference, order, message) =>
      `TopUp Store 고객센터에 문의해 주셔서 감사합니다.\n\n접수 번호: ${reference}\n${order ? `주문 번호: ${order}\n` : ''}\n보통 영업일 기준 1일 이내에 이메일로 답변드립니다. 다시 문의하실 때 접수 번호를 알려 주세요.\n\n문의 내용:\n${message}\n`,
  },
  zh: {
    subject: (reference) => `我们已收到你的留言（${reference}）`,
    body: (reference, order, message) =>
      `感谢你联系 TopUp Store 客服。\n\n工单号：${reference}\n${order ? `订单号：${order}\n` : ''}\n我们通常会在一个工作日内通过电子邮件回复。再次联系时请提供工单号。\n\n你的留言：\n${message}\n`,
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
      await queueMail(tx, {
        key: `ticket:${reference}`,
        to: request.email,
        subject: words.subject(reference),
        text: words.body(reference, request.orderId, request.message),
        locale: request.locale,
      });
      return true;
    });
    if (stored) return reference;
    // 31^8 references: a second clash in a row means something else is wrong.
    if (attempt >= 3) throw new Error('no free support-ticket reference');
  }
}
