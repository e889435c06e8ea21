import { amountText, parseAmount, signWebhook, type WebhookReading } from '../../payments';
import { isCleanText } from '../../db/clean-text';

/** The header that carries the sandbox's signature. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** What the sandbox posts to `/webhooks/payments/sandbox`, shaped like a real provider's event. */
export interface SandboxWebhookBody {
  readonly id: string;
  readonly type: 'payment.paid' | 'payment.declined';
  readonly order_id: string;
  /** "4.99" (USD) or "5900" (KRW). */
  readonly amount: string;
  readonly currency: string;
  readonly created_at: string;
}

export interface SandboxPaymentRow {
  order_id: string;
  event_id: string;
  result: 'paid' | 'declined';
  amount_minor: number;
  currency: string;
  created_at: Date;
}

export function webhookBody(payment: SandboxPaymentRow): SandboxWebhookBody {
  return {
    id: payment.event_id,
    type: payment.result === 'paid' ? 'payment.paid' : 'payment.declined',
    order_id: payment.order_id,
    amount: amountText(payment.amount_minor, payment.currency),
    currency: payment.currency,
    created_at: payment.created_at.toISOString(),
  };
}

/** Posts one event over HTTP, signed; true when the store answered 2xx. */
export async function postWebhook(url: string, secret: string, body: SandboxWebhookBody): Promise<boolean> {
  const raw = JSON.stringify(body);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signWebhook(raw, secret) },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

const isText = (value: unknown, max = 128): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max && isCleanText(value);

/** Reads a sandbox event whose signature was already checked. */
export function readSandboxEvent(raw: string): WebhookReading {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const event = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const result = event.type === 'payment.paid' ? 'paid' : event.type === 'payment.declined' ? 'declined' : null;
  const currency = event.currency;
  if (!result || !isText(event.id) || !isText(event.order_id) || !isText(currency, 3)) return { ok: false, reason: 'malformed' };
  const amountMinor = parseAmount(event.amount, currency);
  if (amountMinor === null) return { ok: false, reason: 'malformed' };
  return { ok: true, event: { eventId: event.id, orderId: event.order_id, result, amountMinor, currency } };
}
