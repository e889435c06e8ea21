import type { Db } from '../db/db';
import { LeaseHeartbeat } from './lease-heartbeat';
import { PollLoop } from './poll-loop';
import { describeError } from './with-timeout';
import type { WorkerLog } from './worker-log';
import { claimDueMails, markMailSent, postponeMail, renewMailLeases, type ClaimedMail } from './mail-outbox';
import type { MailTransport } from './mail-transport';

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
  private readonly loop: PollLoop;
  private readonly heartbeat: LeaseHeartbeat<ClaimedMail>;

  constructor(private readonly options: MailWorkerOptions) {
    const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.loop = new PollLoop(options.pollIntervalMs, () => this.sendDue());
    this.heartbeat = new LeaseHeartbeat<ClaimedMail>({
      leaseMs,
      renew: (mails) => renewMailLeases(options.db, mails, leaseMs),
      onLost: (mail) => options.log.warn({ mail: mail.key, attempt: mail.attempts }, 'mail lease lost; another worker has the mail'),
      onError: (error) => options.log.error({ err: error }, 'renewing mail leases failed; the next beat tries again'),
    });
  }

  start(): void {
    this.heartbeat.start();
    this.loop.start();
  }

  /** Sends due mails now (or right after the round under way). */
  wake(): void {
    this.loop.wake();
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
      if (mails.length === BATCH) this.loop.runAgain();
    } catch (error) {
      log.error({ err: error }, 'claiming mails failed; the next poll tries again');
    }
    return sent;
  }

  async stop(): Promise<void> {
    await this.loop.stop();
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
    await markMailSent(db, mail.key, messageId);
    log.info({ mail: mail.key }, 'mail sent');
    return true;
  }

  private async failed(mail: ClaimedMail, reason: string): Promise<void> {
    const { db, log } = this.options;
    const maxAttempts = this.options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
    const backoff = this.options.backoffMs ?? MAIL_BACKOFF_MS;
    const giveUp = mail.attempts >= maxAttempts;
    const waitMs = backoff[Math.min(mail.attempts - 1, backoff.length - 1)] ?? 60_000;
    await postponeMail(db, mail, reason, waitMs, giveUp);
    // The recipient is the player's address: the log names the mail by its key only.
    log[giveUp ? 'error' : 'warn']({ mail: mail.key, attempt: mail.attempts, reason }, giveUp ? 'mail not sent; giving up' : 'mail not sent; will retry');
  }
}
