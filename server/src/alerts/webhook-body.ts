import { createHmac, timingSafeEqual } from 'node:crypto';
import { chatLine, factLines } from './alert-text';

/**
 * How a webhook's body is shaped (a channel's `format`, docs/back-office.md, "Alerts"): `json`, the
 * store's own document; `slack`, `{ "text" }` as Slack's incoming webhooks take it (and Discord's at
 * `…/slack`); `discord`, `{ "content" }` as Discord's own webhooks take it. Every format is signed.
 */
export const WEBHOOK_FORMATS = ['json', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const SIGNATURE_HEADER = 'x-topup-signature';
export const TIMESTAMP_HEADER = 'x-topup-timestamp';
export const DELIVERY_HEADER = 'x-topup-alert-delivery';

/** What a webhook tells: an incident, or a test of the channel. */
export interface WebhookAlert {
  readonly delivery_id: number;
  readonly incident: { readonly id: number; readonly kind: string; readonly subject: string; readonly title: string; readonly opened_at: string; readonly facts: Record<string, unknown> } | null;
}

/** Discord refuses a content over 2,000 characters; Slack shortens long texts itself. */
const CHAT_LIMIT = 1900;

export function webhookBody(format: WebhookFormat, alert: WebhookAlert): string {
  const incident = alert.incident;
  const lines = incident ? [chatLine(incident.kind, incident.title), ...factLines(incident.facts)] : ['[TopUp Store] Test alert: this channel works.'];
  const text = lines.join('\n').slice(0, CHAT_LIMIT);
  // Slack reads <…> as links and mentions (<!channel>): a game server's answer quoted in the facts must stay text.
  if (format === 'slack') return JSON.stringify({ text: text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') });
  if (format === 'discord') return JSON.stringify({ content: text, allowed_mentions: { parse: [] } });
  return JSON.stringify({ type: incident ? 'alert' : 'test', delivery_id: alert.delivery_id, incident, text });
}

/** `sha256=` and the hex HMAC-SHA256, with the channel's secret, of "<timestamp>.<raw body>" (as the game contract signs). */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers of a body sent now. */
export function signedWebhookHeaders(secret: string, deliveryId: number, body: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    'content-type': 'application/json',
    'user-agent': 'TopUpStore-Alerts/1',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: webhookSignature(secret, timestamp, body),
    [DELIVERY_HEADER]: String(deliveryId),
  };
}

/** A receiver's check (and the tests'): is this signature the channel's, within five minutes? */
export function verifyWebhook(secret: string, timestamp: string, signature: string, body: string, nowMs = Date.now()): boolean {
  if (!/^[0-9]{1,12}$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
