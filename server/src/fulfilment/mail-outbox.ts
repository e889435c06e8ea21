import type { Locale } from '@topup/shared/rules';
import type { Queryable } from '../db/db';

/** One e-mail the store is to send. */
export interface OutgoingMail {
  /** What the mail is about, e.g. `receipt:<order_id>`; queuing the same key again changes nothing. */
  readonly key: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly locale: Locale;
}

/**
 * Queues a mail in the caller's transaction: it is sent only if that transaction commits, and only
 * once whatever queues it again. Returns false when the key was already queued.
 */
export async function queueMail(tx: Queryable, mail: OutgoingMail): Promise<boolean> {
  const rows = await tx.query<{ mail_key: string }>(
    `INSERT INTO mail_outbox (mail_key, recipient, subject, body_text, body_html, locale)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (mail_key) DO NOTHING RETURNING mail_key`,
    [mail.key, mail.to, mail.subject, mail.text, mail.html ?? '', mail.locale],
  );
  return rows.length === 1;
}
