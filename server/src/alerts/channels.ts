import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { AlertKind } from './alert-kinds';
import { dropWaitingWebhooks } from './alert-deliveries';
import { shownWebhookUrl } from './webhook-address';
import type { WebhookFormat } from './webhook-body';

/** A channel as its operator sees it: never its secret, and a webhook's address as scheme and host only. */
export interface ChannelView {
  readonly id: number;
  readonly channel: 'email' | 'webhook';
  readonly label: string;
  readonly email: string | null;
  readonly url: string | null;
  readonly format: WebhookFormat;
  readonly created_at: string;
}

/** What the worker and the tests need of a channel. */
export interface ChannelRecord {
  readonly id: number;
  readonly operator_id: number;
  readonly channel: 'email' | 'webhook';
  readonly email: string | null;
}

/** An operator has at most this many channels: each alert is sent to each. */
export const MAX_CHANNELS = 10;

export async function listChannels(db: Queryable, operatorId: number): Promise<ChannelView[]> {
  const rows = await db.query<ChannelView>(
    `SELECT id, channel, label, email, url, format, created_at::text FROM alert_channels
      WHERE operator_id = $1 AND removed_at IS NULL ORDER BY id`,
    [operatorId],
  );
  return rows.map((row) => ({ ...row, url: row.url === null ? null : shownWebhookUrl(row.url) }));
}

/** One of the operator's own active channels (another operator's is not found). */
export async function findChannel(db: Queryable, operatorId: number, id: number): Promise<ChannelRecord | null> {
  const rows = await db.query<ChannelRecord>(
    `SELECT id, operator_id, channel, email FROM alert_channels WHERE id = $1 AND operator_id = $2 AND removed_at IS NULL`,
    [id, operatorId],
  );
  return rows[0] ?? null;
}

export async function countChannels(db: Queryable, operatorId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alert_channels WHERE operator_id = $1 AND removed_at IS NULL`, [operatorId]);
  return row?.n ?? 0;
}

export async function addEmailChannel(tx: Queryable, operatorId: number, email: string, label: string): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO alert_channels (operator_id, channel, label, email) VALUES ($1, 'email', $2, $3) RETURNING id`,
    [operatorId, label, email],
  );
  return row!.id;
}

/** A webhook channel with a new secret: the secret is returned here, once, and never shown again. */
export async function addWebhookChannel(tx: Queryable, operatorId: number, url: string, format: WebhookFormat, label: string): Promise<{ id: number; secret: string }> {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO alert_channels (operator_id, channel, label, url, format, secret) VALUES ($1, 'webhook', $2, $3, $4, $5) RETURNING id`,
    [operatorId, label, url, format, secret],
  );
  return { id: row!.id, secret };
}

/** Removes the operator's channel (its deliveries stay on record; those still waiting are not sent). */
export async function removeChannel(tx: Queryable, operatorId: number, id: number): Promise<boolean> {
  const rows = await tx.query(`UPDATE alert_channels SET removed_at = now() WHERE id = $1 AND operator_id = $2 AND removed_at IS NULL RETURNING id`, [id, operatorId]);
  if (rows.length === 0) return false;
  await dropWaitingWebhooks(tx, id);
  return true;
}

export async function subscriptionsOf(db: Queryable, operatorId: number): Promise<AlertKind[]> {
  const rows = await db.query<{ alert_kind: AlertKind }>(`SELECT alert_kind FROM alert_subscriptions WHERE operator_id = $1 ORDER BY alert_kind`, [operatorId]);
  return rows.map((row) => row.alert_kind);
}

/** The operator's subscriptions become exactly `kinds`. */
export async function setSubscriptions(tx: Queryable, operatorId: number, kinds: readonly AlertKind[]): Promise<void> {
  await tx.query(`DELETE FROM alert_subscriptions WHERE operator_id = $1 AND NOT (alert_kind = ANY($2::text[]))`, [operatorId, kinds]);
  await tx.query(
    `INSERT INTO alert_subscriptions (operator_id, alert_kind) SELECT $1, kind FROM unnest($2::text[]) AS kind ON CONFLICT DO NOTHING`,
    [operatorId, kinds],
  );
}
