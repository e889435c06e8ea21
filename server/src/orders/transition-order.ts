import type { OrderEventKind, OrderStatus } from '@topup/shared/types';
import type { Queryable } from '../db/db';
import { STATUS_TIME_COLUMN, statesBefore } from './order-state';

export interface EventDetail {
  readonly attempt?: number;
  readonly nextAttemptAt?: Date;
  readonly detail?: string;
  /** When it happened, if not now (a mail's own sending time). */
  readonly at?: Date;
}

/** The support desk's entries of a timeline (see SUPPORT_DESK_EVENTS). */
export type SupportDeskEvent = 'mail_resend_requested' | 'mail_resent' | 'refund_requested' | 'disputed';

/** Adds one entry to an order's timeline. */
export async function recordEvent(tx: Queryable, orderId: string, event: OrderEventKind | SupportDeskEvent, extra: EventDetail = {}): Promise<void> {
  await tx.query(
    `INSERT INTO order_events (order_id, event, attempt, next_attempt_at, detail, at)
     VALUES ($1, $2, $3, $4, $5, coalesce($6, clock_timestamp()))`,
    [orderId, event, extra.attempt ?? null, extra.nextAttemptAt ?? null, extra.detail ?? '', extra.at ?? null],
  );
}

/**
 * Moves an order to `to` if the state machine allows it from the state it is in now, stamps the
 * time and records the event. Returns false (and changes nothing) when the order is not in a
 * state that may lead there: a second webhook or a second worker finds it already moved.
 */
export async function transitionOrder(
  tx: Queryable,
  orderId: string,
  to: OrderStatus,
  extra: EventDetail & { readonly set?: Readonly<Record<string, unknown>> } = {},
): Promise<boolean> {
  const sets = Object.entries(extra.set ?? {});
  const assignments = sets.map(([column], index) => `${column} = $${index + 4}`);
  const rows = await tx.query(
    `UPDATE orders SET status = $2, ${STATUS_TIME_COLUMN[to]} = clock_timestamp(), updated_at = clock_timestamp()
       ${assignments.map((a) => `, ${a}`).join('')}
     WHERE order_id = $1 AND status = ANY($3::text[]) RETURNING order_id`,
    [orderId, to, statesBefore(to), ...sets.map(([, value]) => value)],
  );
  if (rows.length === 0) return false;
  await recordEvent(tx, orderId, to, extra);
  return true;
}

/**
 * The support desk asks for a paid or delivered order's money back: stamped once, with its timeline
 * entry. false when the order is in another state or its refund was asked for before.
 */
export async function requestRefund(tx: Queryable, orderId: string, detail: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE orders SET refund_requested_at = clock_timestamp(), updated_at = clock_timestamp()
      WHERE order_id = $1 AND status IN ('paid', 'delivered') AND refund_requested_at IS NULL RETURNING order_id`,
    [orderId],
  );
  if (rows.length === 0) return false;
  await recordEvent(tx, orderId, 'refund_requested', { detail });
  return true;
}

/** The support desk marks an order disputed (a chargeback, a complaint); false when it was marked before. */
export async function markDisputed(tx: Queryable, orderId: string, detail: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE orders SET disputed_at = clock_timestamp(), updated_at = clock_timestamp()
      WHERE order_id = $1 AND disputed_at IS NULL RETURNING order_id`,
    [orderId],
  );
  if (rows.length === 0) return false;
  await recordEvent(tx, orderId, 'disputed', { detail });
  return true;
}
