import type { Locale } from '@topup/shared/rules';
import type { Queryable } from '../db/db';
import type { MailToSend } from './mail-transport';

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

/** A mail the worker took, with the number of this attempt. */
export interface ClaimedMail extends MailToSend {
  readonly attempts: number;
}

/**
 * Takes up to `limit` due mails, each leased for `leaseMs`. `FOR UPDATE SKIP LOCKED`: workers of
 * several instances never take the same mail.
 */
export async function claimDueMails(db: Queryable, limit: number, leaseMs: number, maxAttempts: number): Promise<ClaimedMail[]> {
  return db.query<ClaimedMail>(
    `UPDATE mail_outbox AS mail
        SET leased_until = clock_timestamp() + $2 * interval '1 millisecond', attempts = mail.attempts + 1
       FROM (SELECT mail_key FROM mail_outbox
              WHERE sent_at IS NULL AND failed_at IS NULL AND due_at <= now()
                AND (leased_until IS NULL OR leased_until <= now()) AND attempts < $3
              ORDER BY due_at LIMIT $1
              FOR UPDATE SKIP LOCKED) AS due
      WHERE mail.mail_key = due.mail_key
      RETURNING mail.mail_key AS key, mail.recipient AS "to", mail.subject, mail.body_text AS text,
                mail.body_html AS html, mail.locale, mail.attempts`,
    [limit, leaseMs, maxAttempts],
  );
}

/**
 * Extends by `leaseMs` the leases of the mails this worker still holds (the same attempt, unsent)
 * and returns those: a mail missing from the answer was taken over by another worker.
 */
export async function renewMailLeases(db: Queryable, mails: readonly ClaimedMail[], leaseMs: number): Promise<ClaimedMail[]> {
  if (mails.length === 0) return [];
  const renewed = await db.query<{ mail_key: string; attempts: number }>(
    `UPDATE mail_outbox AS mail SET leased_until = clock_timestamp() + $3 * interval '1 millisecond'
       FROM unnest($1::text[], $2::integer[]) AS held(mail_key, attempts)
      WHERE mail.mail_key = held.mail_key AND mail.attempts = held.attempts
        AND mail.sent_at IS NULL AND mail.failed_at IS NULL AND mail.leased_until IS NOT NULL
      RETURNING mail.mail_key, mail.attempts`,
    [mails.map((mail) => mail.key), mails.map((mail) => mail.attempts), leaseMs],
  );
  const still = new Set(renewed.map((row) => `${row.mail_key}|${row.attempts}`));
  return mails.filter((mail) => still.has(`${mail.key}|${mail.attempts}`));
}

/** The SMTP server took the mail: sent is a fact whoever holds the lease by now, so nobody sends it again. */
export async function markMailSent(db: Queryable, key: string, messageId: string): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET sent_at = clock_timestamp(), message_id = $2, leased_until = NULL, last_error = ''
      WHERE mail_key = $1 AND sent_at IS NULL`,
    [key, messageId],
  );
}

/** The attempt failed: the mail waits `waitMs`, or is given up (failed_at) when `giveUp`; only if still this attempt's. */
export async function postponeMail(db: Queryable, mail: ClaimedMail, reason: string, waitMs: number, giveUp: boolean): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET leased_until = NULL, last_error = $2,
            due_at = clock_timestamp() + $3 * interval '1 millisecond',
            failed_at = CASE WHEN $4::boolean THEN clock_timestamp() ELSE NULL END
      WHERE mail_key = $1 AND sent_at IS NULL AND attempts = $5`,
    [mail.key, reason.slice(0, 500), waitMs, giveUp, mail.attempts],
  );
}
