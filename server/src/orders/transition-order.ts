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

/** Adds one entry to an order's timeline. */
export async function recordEvent(tx: Queryable, orderId: string, event: OrderEventKind, extra: EventDetail = {}): Promise<void> {
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
