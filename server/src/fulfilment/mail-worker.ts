import type { Db, Queryable } from '../db/db';
import { LeaseHeartbeat } from './lease-heartbeat';
import { describeError } from './with-timeout';
import type { WorkerLog } from './worker-log';
import type { MailToSend, MailTransport } from './mail-transport';

interface ClaimedMail extends MailToSend {
  readonly attempts: number;
}

/** Waits before the 2nd, 3rd... attempt; the last figure repeats. */
export const MAIL_BACKOFF_MS: readonly number[] = [30_000, 60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];

/** Attempts before a mail is given up (failed_at set; the back office shows it). */
export const MAIL_MAX_ATTEMPTS = 10;

export interface MailWorkerOptions {
  readonly db: Db;
  readonly transport: MailTransport;
  readonly log: WorkerLog;
  readonly pollIntervalMs: number;
  /** A claimed mail's lease, renewed while this worker holds it (the store passes DELIVERY_LEASE; default 15 s). */
  readonly leaseMs?: number;
  readonly backoffMs?: readonly number[];
  readonly maxAttempts?: number;
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

/** Mails claimed per round. */
const BATCH = 10;

const DEFAULT_LEASE_MS = 15_000;

/**
 * Sends what the mail outbox holds: each mail once the transaction that queued it committed,
 * retried on a backoff when the SMTP server refuses or cannot be reached, given up after
 * `maxAttempts` (failed_at, the last error kept). A mail is marked sent only after the SMTP server
 * took it; a crash in between resends it with the same Message-ID (mail-transport.ts). The round's
 * mails stay leased while it lasts (LeaseHeartbeat): another instance takes them only once this one
 * is gone.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<unknown> | null = null;
  private again = false;
  private stopped = true;
  private readonly heartbeat: LeaseHeartbeat<ClaimedMail>;

  constructor(private readonly options: MailWorkerOptions) {
    const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.heartbeat = new LeaseHeartbeat<ClaimedMail>({
      leaseMs,
      renew: (mails) => renewMailLeases(options.db, mails, leaseMs),
      onLost: (mail) => options.log.warn({ mail: mail.key, attempt: mail.attempts }, 'mail lease lost; another worker has the mail'),
      onError: (error) => options.log.error({ err: error }, 'renewing mail leases failed; the next beat tries again'),
    });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.pollIntervalMs);
    this.timer.unref();
    this.heartbeat.start();
    this.wake();
  }

  /** Sends due mails now (or right after the round under way). */
  wake(): void {
    if (this.stopped) return;
    if (this.round) {
      this.again = true;
      return;
    }
    this.round = this.sendDue().finally(() => {
      this.round = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** One round: claims due mails and sends them one after the other. Resolves with the number sent. */
  async sendDue(): Promise<number> {
    const { db, log } = this.options;
    const leaseMs = this.options.leaseMs ?? DEFAULT_LEASE_MS;
    let sent = 0;
    try {
      const mails = await claimDueMails(db, BATCH, leaseMs, this.options.maxAttempts ?? MAIL_MAX_ATTEMPTS);
      for (const mail of mails) this.heartbeat.hold(mail);
      try {
        for (const mail of mails) {
          // Its lease was lost while the mails before it were sent: it is another worker's now.
          if (!this.heartbeat.holds(mail)) continue;
          if (await this.sendOne(mail)) sent += 1;
          this.heartbeat.release(mail);
        }
      } finally {
        for (const mail of mails) this.heartbeat.release(mail);
      }
      if (mails.length === BATCH) this.again = true;
    } catch (error) {
      log.error({ err: error }, 'claiming mails failed; the next poll tries again');
    }
    return sent;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
    await this.heartbeat.stop();
    this.options.transport.close();
  }

  private async sendOne(mail: ClaimedMail): Promise<boolean> {
    const { db, transport, log } = this.options;
    let messageId: string;
    try {
      messageId = await transport.send(mail);
    } catch (error) {
      await this.failed(mail, describeError(error));
      return false;
    }
    // Sent is a fact whoever holds the lease by now: recorded so that nobody sends it again.
    await db.query(
      `UPDATE mail_outbox SET sent_at = clock_timestamp(), message_id = $2, leased_until = NULL, last_error = ''
        WHERE mail_key = $1 AND sent_at IS NULL`,
      [mail.key, messageId],
    );
    log.info({ mail: mail.key }, 'mail sent');
    return true;
  }

  private async failed(mail: ClaimedMail, reason: string): Promise<void> {
    const { db, log } = this.options;
    const maxAttempts = this.options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
    const backoff = this.options.backoffMs ?? MAIL_BACKOFF_MS;
    const giveUp = mail.attempts >= maxAttempts;
    const waitMs = backoff[Math.min(mail.attempts - 1, backoff.length - 1)] ?? 60_000;
    await db.query(
      `UPDATE mail_outbox SET leased_until = NULL, last_error = $2,
              due_at = clock_timestamp() + $3 * interval '1 millisecond',
              failed_at = CASE WHEN $4::boolean THEN clock_timestamp() ELSE NULL END
        WHERE mail_key = $1 AND sent_at IS NULL AND attempts = $5`,
      [mail.key, reason.slice(0, 500), waitMs, giveUp, mail.attempts],
    );
    // The recipient is the player's address: the log names the mail by its key only.
    log[giveUp ? 'error' : 'warn']({ mail: mail.key, attempt: mail.attempts, reason }, giveUp ? 'mail not sent; giving up' : 'mail not sent; will retry');
  }
}
