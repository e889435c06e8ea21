import { DEV_WEBHOOK_SECRET } from '../settings/development-secrets';
import { DEFAULT_SETTINGS, readSettings, type SettingTexts } from '../settings/read-settings';
import type { Settings } from '../settings/settings-schema';

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

/** Order, payment and delivery settings of the checked settings (docs/orders.md lists them). */
export function orderSettingsFrom(settings: Settings): OrderSettings {
  const nodeEnv = settings.NODE_ENV;
  const webhookSecret = settings.PAYMENT_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET;
  if (nodeEnv === 'production' && webhookSecret === DEV_WEBHOOK_SECRET) {
    throw new Error('Refusing to start: NODE_ENV=production with the development PAYMENT_WEBHOOK_SECRET. Set it to the provider\'s secret.');
  }
  const fault = settings.DELIVERY_FAULT;
  if (fault && nodeEnv === 'production') throw new Error('Refusing to start: DELIVERY_FAULT is a test drill, not for production.');
  const result: OrderSettings = {
    expiresAfterMs: settings.ORDER_EXPIRES_AFTER,
    unpaidOrdersPerCharacter: settings.UNPAID_ORDERS_PER_CHARACTER,
    unpaidOrdersPerBuyer: settings.UNPAID_ORDERS_PER_BUYER,
    backoffMs: settings.DELIVERY_BACKOFF,
    giveUpAfterMs: settings.DELIVERY_GIVE_UP_AFTER,
    pollIntervalMs: settings.DELIVERY_POLL_INTERVAL,
    leaseMs: settings.DELIVERY_LEASE,
    callTimeoutMs: settings.DELIVERY_CALL_TIMEOUT,
    webhookSecret,
    sandboxWebhookUrl: settings.SANDBOX_WEBHOOK_URL ?? null,
    workerEnabled: settings.DELIVERY_WORKER,
    crashAfterMail: fault === 'crash-after-mail',
  };
  if (result.leaseMs < MIN_LEASE_MS) {
    throw new Error(`DELIVERY_LEASE must be at least ${MIN_LEASE_MS / 1000}s: it is renewed every third of it, and a shorter one would be lost to a busy moment and its job taken over needlessly.`);
  }
  return result;
}

/** The defaults of the settings schema. */
export const DEFAULT_ORDER_SETTINGS: OrderSettings = orderSettingsFrom(DEFAULT_SETTINGS);

/** Order, payment and delivery settings from settings given as text: the defaults and those given. */
export function loadOrderSettings(texts: SettingTexts): OrderSettings {
  return orderSettingsFrom(readSettings(texts));
}
