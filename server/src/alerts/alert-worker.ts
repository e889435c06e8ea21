import type { Db } from '../db/db';
import { DEFAULT_INSTANCE_NAME } from '../db/instance-name';
import { LeaseHeartbeat, PollLoop, type WorkerLog } from '../fulfilment';
import { claimDueWebhooks, markWebhookSent, postponeWebhook, renewWebhookLeases, type ClaimedWebhook } from './alert-deliveries';
import { postWebhook } from './post-webhook';
import { signedWebhookHeaders, webhookBody, type WebhookFormat } from './webhook-body';
import type { WebhookPolicy } from './webhook-address';

/** Waits before the 2nd, 3rd... attempt; the last repeats. */
export const ALERT_BACKOFF_MS: readonly number[] = [30_000, 60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
/** Attempts before a webhook delivery is given up (failed_at set; the Alerts page shows it). */
export const ALERT_MAX_ATTEMPTS = 8;

export interface AlertWorkerOptions {
  readonly db: Db;
  readonly log: WorkerLog;
  readonly policy: WebhookPolicy;
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
  /** One post's whole wait (ALERT_WEBHOOK_TIMEOUT). */
  readonly timeoutMs: number;
  readonly backoffMs?: readonly number[];
  readonly maxAttempts?: number;
  /** Who holds a lease, as chore_runs names instances. */
  readonly instance?: string;
}

const BATCH = 10;

/**
 * Posts the webhook deliveries of alerts (e-mails go through the mail outbox and its worker): each one
 * claimed by one worker of the cluster (SKIP LOCKED, a renewed lease), marked sent once the receiver
 * answered 2xx, retried on a backoff otherwise, given up after `maxAttempts`. Every post carries the
 * delivery's id (`X-TopUp-Alert-Delivery`): a post repeated after a crash between the answer and the
 * record carries the same id, for the receiver to drop. Logs name the delivery and channel, never the
 * address or the secret.
 */
export class AlertWorker {
  private readonly loop: PollLoop;
  private readonly heartbeat: LeaseHeartbeat<ClaimedWebhook>;

  constructor(private readonly options: AlertWorkerOptions) {
    this.loop = new PollLoop(options.pollIntervalMs, () => this.sendDue());
    this.heartbeat = new LeaseHeartbeat<ClaimedWebhook>({
      leaseMs: options.leaseMs,
      renew: (held) => renewWebhookLeases(options.db, held, options.leaseMs),
      onLost: (item) => options.log.warn({ alert_delivery: item.id, attempt: item.attempts }, 'alert webhook lease lost; another worker has it'),
      onError: (error) => options.log.error({ err: error }, 'renewing alert webhook leases failed; the next beat tries again'),
    });
  }

  start(): void {
    this.heartbeat.start();
    this.loop.start();
  }

  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.heartbeat.stop();
  }

  /** One round: claims due webhooks and posts them one after the other. Resolves with the number sent. */
  async sendDue(): Promise<number> {
    const { db, log } = this.options;
    let sent = 0;
    try {
      const items = await claimDueWebhooks(db, BATCH, this.options.leaseMs, this.options.maxAttempts ?? ALERT_MAX_ATTEMPTS, this.options.instance ?? DEFAULT_INSTANCE_NAME);
      for (const item of items) this.heartbeat.hold(item);
      try {
        for (const item of items) {
          if (!this.heartbeat.holds(item)) continue;
          if (await this.sendOne(item)) sent += 1;
          this.heartbeat.release(item);
        }
      } finally {
        for (const item of items) this.heartbeat.release(item);
      }
      if (items.length === BATCH) this.loop.runAgain();
    } catch (error) {
      log.error({ err: error }, 'claiming alert webhooks failed; the next poll tries again');
    }
    return sent;
  }

  private async sendOne(item: ClaimedWebhook): Promise<boolean> {
    const { db, log } = this.options;
    const incident =
      item.incident_id !== null
        ? { id: item.incident_id, kind: item.alert_kind ?? '', subject: item.subject ?? '', title: item.title ?? '', opened_at: item.opened_at ?? '', facts: item.facts ?? {} }
        : null;
    const body = webhookBody(item.format as WebhookFormat, { delivery_id: item.id, incident });
    const outcome = await postWebhook(item.url, signedWebhookHeaders(item.secret, item.id, body), body, this.options.timeoutMs, this.options.policy);
    if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
      await markWebhookSent(db, item.id, outcome.status);
      log.info({ alert_delivery: item.id, channel: item.channel_id }, 'alert webhook sent');
      return true;
    }
    const reason = outcome.status === null ? outcome.error : `HTTP ${outcome.status}`;
    const maxAttempts = this.options.maxAttempts ?? ALERT_MAX_ATTEMPTS;
    const backoff = this.options.backoffMs ?? ALERT_BACKOFF_MS;
    // A refused address will not become allowed by waiting: given up at once.
    const giveUp = item.attempts >= maxAttempts || reason.startsWith('refused');
    const waitMs = backoff[Math.min(item.attempts - 1, backoff.length - 1)] ?? 60_000;
    await postponeWebhook(db, item, reason, outcome.status, waitMs, giveUp);
    log[giveUp ? 'error' : 'warn']({ alert_delivery: item.id, channel: item.channel_id, attempt: item.attempts, reason }, giveUp ? 'alert webhook not sent; giving up' : 'alert webhook not sent; will retry');
    return false;
  }
}
