import type { Queryable } from '../db/db';

export interface MailItem {
  readonly name: string;
  readonly quantity: number;
}

export interface InGameMail {
  /** Idempotency key: sending the same key again sends nothing new (an order id, for example). */
  readonly key: string;
  readonly gameId: number;
  readonly serverId: string;
  readonly roleId: string;
  readonly title: string;
  readonly items: readonly MailItem[];
}

export interface SentMail {
  readonly mailId: string;
  /** false when this key had already been sent: nothing new reached the mailbox. */
  readonly created: boolean;
  readonly sentAt: Date;
}

/** Puts a mail in the sandbox mailbox once per key. */
export async function depositMail(db: Queryable, mail: InGameMail): Promise<SentMail> {
  const inserted = await db.query<{ mail_id: string; sent_at: Date }>(
    `INSERT INTO sandbox_mail (mail_key, game_id, server_id, role_id, title, items)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)
     ON CONFLICT (mail_key) DO NOTHING
     RETURNING mail_id::text, sent_at`,
    [mail.key, mail.gameId, mail.serverId, mail.roleId, mail.title, JSON.stringify(mail.items)],
  );
  const row = inserted[0];
  if (row) return { mailId: row.mail_id, created: true, sentAt: row.sent_at };
  const existing = await db.query<{ mail_id: string; sent_at: Date }>(
    'SELECT mail_id::text, sent_at FROM sandbox_mail WHERE mail_key = $1',
    [mail.key],
  );
  const found = existing[0];
  if (!found) throw new Error(`mail ${mail.key} neither inserted nor found`);
  return { mailId: found.mail_id, created: false, sentAt: found.sent_at };
}
