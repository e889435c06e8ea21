import type { Queryable } from '../db/db';
import { queueMail } from '../fulfilment';
import type { AlertEvent } from './alert-kinds';
import { alertMail, testMail } from './alert-text';
import { LOCALES, type Locale } from '@topup/shared/rules';

const localeOf = (language: string): Locale => ((LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'en');

interface SubscribedChannel {
  readonly id: number;
  readonly operator_id: number;
  readonly channel: 'email' | 'webhook';
  readonly email: string | null;
  /** The language the operator last used in the console: their mails are in it. */
  readonly language: string;
}

/**
 * One delivery per active channel of every active operator subscribed to the incident's kind, in the
 * transaction that opened it: an e-mail goes into the mail outbox (sent by the mail worker, keyed
 * `alert:<incident>:<channel>`), a webhook waits here for the alert worker.
 */
export async function queueIncidentDeliveries(tx: Queryable, incidentId: number, event: AlertEvent): Promise<number> {
  const channels = await tx.query<SubscribedChannel>(
    `SELECT c.id, c.operator_id, c.channel, c.email, o.language
       FROM alert_subscriptions s
       JOIN operators o ON o.id = s.operator_id AND o.disabled_at IS NULL
       JOIN alert_channels c ON c.operator_id = s.operator_id AND c.removed_at IS NULL
      WHERE s.alert_kind = $1 ORDER BY c.id`,
    [event.kind],
  );
  for (const channel of channels) {
    const mailKey = channel.channel === 'email' ? `alert:${incidentId}:${channel.id}` : null;
    await tx.query(
      `INSERT INTO alert_deliveries (incident_id, channel_id, operator_id, mail_key) VALUES ($1, $2, $3, $4)
       ON CONFLICT (incident_id, channel_id) WHERE incident_id IS NOT NULL DO NOTHING`,
      [incidentId, channel.id, channel.operator_id, mailKey],
    );
    if (mailKey && channel.email) await queueMail(tx, { key: mailKey, to: channel.email, ...alertMail(incidentId, event, channel.language), locale: localeOf(channel.language) });
  }
  return channels.length;
}

/** A test of one channel (no incident): queued like an alert, so it travels the same way. Resolves to its id. */
export async function queueTestDelivery(tx: Queryable, channel: { readonly id: number; readonly operator_id: number; readonly channel: 'email' | 'webhook'; readonly email: string | null }): Promise<number> {
  const [operator] = await tx.query<{ language: string }>('SELECT language FROM operators WHERE id = $1', [channel.operator_id]);
  const language = localeOf(operator?.language ?? 'en');
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO alert_deliveries (incident_id, channel_id, operator_id) VALUES (NULL, $1, $2) RETURNING id`,
    [channel.id, channel.operator_id],
  );
  const id = Number(row!.id);
  if (channel.channel === 'email' && channel.email) {
    const mailKey = `alert-test:${id}`;
    await tx.query(`UPDATE alert_deliveries SET mail_key = $2 WHERE id = $1`, [id, mailKey]);
    await queueMail(tx, { key: mailKey, to: channel.email, ...testMail(language), locale: language });
  }
  return id;
}

/** When the channel's last test was asked for, if within `withinMs`: one test at a time per channel. */
export async function recentTest(db: Queryable, channelId: number, withinMs: number): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM alert_deliveries WHERE channel_id = $1 AND incident_id IS NULL AND created_at > clock_timestamp() - $2 * interval '1 millisecond'`,
    [channelId, withinMs],
  );
  return rows.length > 0;
}

/** A webhook delivery the alert worker took, with what it needs to send it. */
export interface ClaimedWebhook {
  readonly id: number;
  readonly attempts: number;
  readonly channel_id: number;
  readonly url: string;
  readonly format: 'json' | 'slack' | 'discord';
  readonly secret: string;
  readonly incident_id: number | null;
  readonly alert_kind: string | null;
  readonly subject: string | null;
  readonly title: string | null;
  readonly facts: Record<string, unknown> | null;
  readonly opened_at: string | null;
}

/** Takes up to `limit` due webhook deliveries, each leased for `leaseMs` (SKIP LOCKED: never two workers on one). */
export async function claimDueWebhooks(db: Queryable, limit: number, leaseMs: number, maxAttempts: number, by: string): Promise<ClaimedWebhook[]> {
  return db.query<ClaimedWebhook>(
    `WITH due AS (
       SELECT id FROM alert_deliveries
        WHERE mail_key IS NULL AND sent_at IS NULL AND failed_at IS NULL AND due_at <= now()
          AND (leased_until IS NULL OR leased_until <= now()) AND attempts < $3
        ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED),
     taken AS (
       UPDATE alert_deliveries AS d SET leased_until = clock_timestamp() + $2 * interval '1 millisecond', leased_by = $4, attempts = d.attempts + 1
         FROM due WHERE d.id = due.id RETURNING d.id, d.attempts, d.channel_id, d.incident_id)
     SELECT taken.id::int, taken.attempts, taken.channel_id, c.url, c.format, c.secret, taken.incident_id::int,
            i.alert_kind, i.subject, i.title, i.facts, to_char(i.opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS opened_at
       FROM taken JOIN alert_channels c ON c.id = taken.channel_id LEFT JOIN alert_incidents i ON i.id = taken.incident_id`,
    [limit, leaseMs, maxAttempts, by],
  );
}

/** Extends the leases of the deliveries still held (this attempt, unsent); the rest were taken over. */
export async function renewWebhookLeases(db: Queryable, held: readonly ClaimedWebhook[], leaseMs: number): Promise<ClaimedWebhook[]> {
  if (held.length === 0) return [];
  const renewed = await db.query<{ id: number; attempts: number }>(
    `UPDATE alert_deliveries AS d SET leased_until = clock_timestamp() + $3 * interval '1 millisecond'
       FROM unnest($1::bigint[], $2::integer[]) AS held(id, attempts)
      WHERE d.id = held.id AND d.attempts = held.attempts AND d.sent_at IS NULL AND d.failed_at IS NULL AND d.leased_until IS NOT NULL
      RETURNING d.id::int, d.attempts`,
    [held.map((item) => item.id), held.map((item) => item.attempts), leaseMs],
  );
  const still = new Set(renewed.map((row) => `${row.id}|${row.attempts}`));
  return held.filter((item) => still.has(`${item.id}|${item.attempts}`));
}

/** The receiver took it (a 2xx): sent, whoever holds the lease by now. */
export async function markWebhookSent(db: Queryable, id: number, status: number): Promise<void> {
  await db.query(
    `UPDATE alert_deliveries SET sent_at = clock_timestamp(), answer_status = $2, leased_until = NULL, last_error = '' WHERE id = $1 AND sent_at IS NULL`,
    [id, status],
  );
}

/** The attempt failed: due again after `waitMs`, or given up; only if still this attempt's. */
export async function postponeWebhook(db: Queryable, item: ClaimedWebhook, reason: string, status: number | null, waitMs: number, giveUp: boolean): Promise<void> {
  await db.query(
    `UPDATE alert_deliveries SET leased_until = NULL, last_error = $2, answer_status = $3,
            due_at = clock_timestamp() + $4 * interval '1 millisecond',
            failed_at = CASE WHEN $5::boolean THEN clock_timestamp() ELSE NULL END
      WHERE id = $1 AND sent_at IS NULL AND attempts = $6`,
    [item.id, reason.slice(0, 300), status, waitMs, giveUp, item.attempts],
  );
}

/** A channel's last deliveries (its tests included), newest first, for the Alerts page. */
export interface DeliveryRow {
  readonly id: number;
  readonly channel_id: number;
  readonly incident_id: number | null;
  readonly state: 'waiting' | 'sent' | 'failed';
  readonly attempts: number;
  readonly last_error: string;
  readonly answer_status: number | null;
  readonly created_at: string;
}

export async function deliveriesOfOperator(db: Queryable, operatorId: number, perChannel: number): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    `SELECT id, channel_id, incident_id, state, attempts, last_error, answer_status, created_at FROM (
       SELECT d.id::int, d.channel_id, d.incident_id::int,
              CASE WHEN coalesce(d.sent_at, m.sent_at) IS NOT NULL THEN 'sent'
                   WHEN coalesce(d.failed_at, m.failed_at) IS NOT NULL THEN 'failed' ELSE 'waiting' END AS state,
              coalesce(m.attempts, d.attempts) AS attempts, coalesce(m.last_error, d.last_error) AS last_error, d.answer_status,
              d.created_at::text AS created_at,
              row_number() OVER (PARTITION BY d.channel_id ORDER BY d.id DESC) AS n
         FROM alert_deliveries d LEFT JOIN mail_outbox m ON m.mail_key = d.mail_key
        WHERE d.operator_id = $1) AS recent
      WHERE n <= $2 ORDER BY id DESC`,
    [operatorId, perChannel],
  );
}

/** A removed channel's webhooks still waiting are not sent. */
export async function dropWaitingWebhooks(tx: Queryable, channelId: number): Promise<void> {
  await tx.query(
    `UPDATE alert_deliveries SET failed_at = now(), last_error = 'channel removed' WHERE channel_id = $1 AND sent_at IS NULL AND failed_at IS NULL AND mail_key IS NULL`,
    [channelId],
  );
}
