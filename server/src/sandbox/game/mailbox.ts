import type { Queryable } from '../../db/db';
import type { InGameMail, SentMail } from '../../game/game-gateway';

/** The sandbox game's mailbox (table sandbox_mail): one mail per key. */

/** Puts a mail in the sandbox mailbox once per key. */
export async function depositMail(db: Queryable, mail: InGameMail): Promise<SentMail> {
  const inserted = await db.query<{ mail_id: string; sent_at: Date }>(
    `INSERT INTO sandbox_mail (mail_key, game_id, server_id, role_id, title, items, kind, body)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)
     ON CONFLICT (mail_key) DO NOTHING
     RETURNING mail_id::text, sent_at`,
    [mail.key, mail.gameId, mail.serverId, mail.roleId, mail.title, JSON.stringify(mail.items), mail.kind ?? 'purchase', mail.body ?? ''],
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

export interface ReceivedMail {
  mail_id: string;
  /** The mail's key: the order it delivered. */
  order_id: string;
  /** 'purchase', 'ownership_code' or 'daily_gift'. */
  kind: string;
  title: string;
  /** The mail's text: an ownership code mail's code is in it. */
  body: string;
  items: unknown;
  sent_at: Date;
}

/** What one character received, newest first. */
export function mailOf(db: Queryable, role: { gameId: number; serverId: string; roleId: string }): Promise<ReceivedMail[]> {
  return db.query<ReceivedMail>(
    `SELECT mail_id::text, mail_key AS order_id, kind, title, body, items, sent_at FROM sandbox_mail
      WHERE game_id = $1 AND server_id = $2 AND role_id = $3 ORDER BY sent_at DESC, mail_id DESC`,
    [role.gameId, role.serverId, role.roleId],
  );
}

/** A mail a demo visitor may read in a sandbox character's mailbox: a code or a gift, nothing bought. */
export interface PlayerMailboxMail {
  kind: 'ownership_code' | 'daily_gift';
  title: string;
  body: string;
  sent_at: Date;
}

/**
 * The ownership code and daily gift mails of a sandbox character (one of sandbox_roles), newest first,
 * at most 10: what a demo visitor reads to link a character (decision 311). A character the sandbox
 * does not have, and every other kind of mail, are left out.
 */
export function playerMailOf(db: Queryable, role: { gameId: number; serverId: string; roleId: string }): Promise<PlayerMailboxMail[]> {
  return db.query<PlayerMailboxMail>(
    `SELECT m.kind, m.title, m.body, m.sent_at FROM sandbox_mail m
       JOIN sandbox_roles r ON r.game_id = m.game_id AND r.server_id = m.server_id AND r.role_id = m.role_id
      WHERE m.game_id = $1 AND m.server_id = $2 AND m.role_id = $3 AND m.kind IN ('ownership_code', 'daily_gift')
      ORDER BY m.sent_at DESC, m.mail_id DESC LIMIT 10`,
    [role.gameId, role.serverId, role.roleId],
  );
}
