import { positiveIntegerFrom } from '../config';
import { parseDuration, parseDurationList } from './durations';

import { DEV_WEBHOOK_SECRET } from '../production/development-secrets';

/** The development webhook secret; a production server refuses to start with it. */
export { DEV_WEBHOOK_SECRET };

export interface OrderSettings {
  /** An unpaid order expires after this long (`ORDER_EXPIRES_AFTER`, default 30m). */
  readonly expiresAfterMs: number;
  /**
   * Open unpaid orders one character may have at once from all buyers together, of any bundle
   * (`UNPAID_ORDERS_PER_CHARACTER`, default 50). A buyer with no open unpaid order of the character
   * is never refused by it: strangers together cannot keep the player from placing an order.
   */
  readonly unpaidOrdersPerCharacter: number;
  /** Open unpaid orders one buyer (one client address) may have for one character at once (`UNPAID_ORDERS_PER_BUYER`, default 5). */
  readonly unpaidOrdersPerBuyer: number;
  /** Waits between failed mail attempts; the last one repeats (`DELIVERY_BACKOFF`, default 10s,30s,2m,10m,30m,1h). */
  readonly backoffMs: readonly number[];
  /** No attempt later than this after the first one: then delivery_failed and a refund (`DELIVERY_GIVE_UP_AFTER`, default 24h). */
  readonly giveUpAfterMs: number;
  /** How often the worker looks for due jobs and overdue orders (`DELIVERY_POLL_INTERVAL`, default 1s). */
  readonly pollIntervalMs: number;
  /**
   * A claimed job's lease, renewed every third of it while the job runs; a crashed worker's jobs are
   * taken over once it runs out (`DELIVERY_LEASE`, default 15s, at least MIN_LEASE_MS). The mail outbox's lease too.
   */
  readonly leaseMs: number;
  /** A mail or refund call that takes longer counts as failed (`DELIVERY_CALL_TIMEOUT`, default 30s). */
  readonly callTimeoutMs: number;
  /** HMAC-SHA256 key of the payment webhooks (`PAYMENT_WEBHOOK_SECRET`). */
  readonly webhookSecret: string;
  /** Where the sandbox checkout sends its webhook (`SANDBOX_WEBHOOK_URL`); default: this server's own address. */
  readonly sandboxWebhookUrl: string | null;
  /** Runs the delivery worker in this process (`DELIVERY_WORKER=off` leaves it to other processes). */
  readonly workerEnabled: boolean;
  /**
   * Crash drill (`DELIVERY_FAULT=crash-after-mail`, refused in production): the process kills itself
   * right after a mail went out and before the order records it, the worst moment to die.
   */
  readonly crashAfterMail: boolean;
  /** How long a stopping worker waits for its jobs under way before it hands their leases back (default 8 s). */
  readonly stopGraceMs?: number;
}

/** The shortest DELIVERY_LEASE: renewed every second at least. */
export const MIN_LEASE_MS = 3000;

export const DEFAULT_ORDER_SETTINGS: OrderSettings = {
  expiresAfterMs: 30 * 60_000,
  unpaidOrdersPerCharacter: 50,
  unpaidOrdersPerBuyer: 5,
  backoffMs: [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000],
  giveUpAfterMs: 24 * 3_600_000,
  pollIntervalMs: 1000,
  leaseMs: 15_000,
  callTimeoutMs: 30_000,
  webhookSecret: DEV_WEBHOOK_SECRET,
  sandboxWebhookUrl: null,
  workerEnabled: true,
  crashAfterMail: false,
};

/** Order, payment and delivery settings from the environment (docs/orders.md lists them). */
export function loadOrderSettings(env: NodeJS.ProcessEnv = process.env): OrderSettings {
  const duration = (name: string, fallback: number) => (env[name] ? parseDuration(env[name], name) : fallback);
  const nodeEnv = env.NODE_ENV || 'development';
  const webhookSecret = env.PAYMENT_WEBHOOK_SECRET || DEV_WEBHOOK_SECRET;
  if (nodeEnv === 'production' && webhookSecret === DEV_WEBHOOK_SECRET) {
    throw new Error('Refusing to start: NODE_ENV=production with the development PAYMENT_WEBHOOK_SECRET. Set it to the provider\'s secret.');
  }
  const fault = env.DELIVERY_FAULT || '';
  if (fault && fault !== 'crash-after-mail') throw new Error(`DELIVERY_FAULT must be crash-after-mail or empty, got "${fault}"`);
  if (fault && nodeEnv === 'production') throw new Error('Refusing to start: DELIVERY_FAULT is a test drill, not for production.');
  const settings: OrderSettings = {
    expiresAfterMs: duration('ORDER_EXPIRES_AFTER', DEFAULT_ORDER_SETTINGS.expiresAfterMs),
    unpaidOrdersPerCharacter: positiveIntegerFrom('UNPAID_ORDERS_PER_CHARACTER', env.UNPAID_ORDERS_PER_CHARACTER, DEFAULT_ORDER_SETTINGS.unpaidOrdersPerCharacter),
    unpaidOrdersPerBuyer: positiveIntegerFrom('UNPAID_ORDERS_PER_BUYER', env.UNPAID_ORDERS_PER_BUYER, DEFAULT_ORDER_SETTINGS.unpaidOrdersPerBuyer),
    backoffMs: env.DELIVERY_BACKOFF ? parseDurationList(env.DELIVERY_BACKOFF, 'DELIVERY_BACKOFF') : DEFAULT_ORDER_SETTINGS.backoffMs,
    giveUpAfterMs: duration('DELIVERY_GIVE_UP_AFTER', DEFAULT_ORDER_SETTINGS.giveUpAfterMs),
    pollIntervalMs: duration('DELIVERY_POLL_INTERVAL', DEFAULT_ORDER_SETTINGS.pollIntervalMs),
    leaseMs: duration('DELIVERY_LEASE', DEFAULT_ORDER_SETTINGS.leaseMs),
    callTimeoutMs: duration('DELIVERY_CALL_TIMEOUT', DEFAULT_ORDER_SETTINGS.callTimeoutMs),
    webhookSecret,
    sandboxWebhookUrl: env.SANDBOX_WEBHOOK_URL || null,
    workerEnabled: (env.DELIVERY_WORKER || 'on').toLowerCase() !== 'off',
    crashAfterMail: fault === 'crash-after-mail',
  };
  if (settings.leaseMs < MIN_LEASE_MS) {
    throw new Error(`DELIVERY_LEASE must be at least ${MIN_LEASE_MS / 1000}s: it is renewed every third of it, and a shorter one would be lost to a busy moment and its job taken over needlessly.`);
  }
  return settings;
}
