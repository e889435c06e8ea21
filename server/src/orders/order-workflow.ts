import type { OrderEventKind, OrderStatus } from '@topup/shared/types';
import type { Queryable } from '../db/db';
import { prepared } from '../db/prepared-sql';
import type { SentMail } from '../game/game-gateway';
import { ORDER_COLUMNS, type OrderRow } from './read-order';
import { STATUS_TIME_COLUMN, statesBefore } from './order-state';
import { settleExperimentSale } from './experiment-sale';

/**
 * The order workflow: every change of an order's state, and the timeline entry that goes with it, is
 * written here and nowhere else (docs/decisions/262-one-order-workflow.md). Its steps, each in one
 * transaction with the outbox job it leads to:
 *
 *   place    created                         place-order.ts, write-order.ts (topup_place_order, migration 081)
 *   pay      created → paid | declined       pay-order.ts (a late or refused payment: kept to refund)
 *   deliver  paid → delivering → delivered   deliver-order.ts (run by the delivery worker)
 *            delivering → delivery_failed    deliver-order.ts, once its retries are given up
 *   refund   … → refunded                    refund-order.ts (and the support desk's request)
 *            paid | delivering → (stopped)   stopDeliveryForRefund below: the desk refunds a delivery
 *                                            that keeps failing; delivering → delivery_failed
 *            delivered: a part refunded      refund-part.ts (the desk's partial refund; the state stays)
 *   expire   created → expired               expireUnpaidOrders below (the worker's chore)
 *
 * Which state may follow which is the table of order-state.ts; the modules the steps use (payments,
 * fulfilment, discounts) never change an order themselves.
 */

export interface EventDetail {
  readonly attempt?: number;
  readonly nextAttemptAt?: Date;
  readonly detail?: string;
  /** When it happened, if not now (a mail's own sending time). */
  readonly at?: Date;
}

/** The support desk's entries of a timeline (see SUPPORT_DESK_EVENTS). */
export type SupportDeskEvent = 'mail_resend_requested' | 'mail_resent' | 'refund_requested' | 'disputed' | 'partial_refund_requested' | 'partially_refunded';

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

/**
 * The support desk refunds an order whose delivery has not happened (paid, or delivering and failing):
 * the caller has taken its 'deliver' job out of the outbox (fulfilment's stopDelivery) in this
 * transaction. A delivering order ends delivery_failed ("stopped by the support desk"); both are stamped
 * refund_requested_at with their timeline entry. false, changing nothing, in any other state or when
 * the refund was asked for before.
 */
export async function stopDeliveryForRefund(tx: Queryable, orderId: string, detail: string): Promise<boolean> {
  const rows = await tx.query<{ status: string }>(
    `UPDATE orders SET refund_requested_at = clock_timestamp(), updated_at = clock_timestamp()
      WHERE order_id = $1 AND status IN ('paid', 'delivering') AND refund_requested_at IS NULL RETURNING status`,
    [orderId],
  );
  const stamped = rows[0];
  if (!stamped) return false;
  if (stamped.status === 'delivering') {
    if (!(await transitionOrder(tx, orderId, 'delivery_failed', { detail: `delivery stopped ${detail}` }))) return false;
  }
  await recordEvent(tx, orderId, 'refund_requested', { detail });
  return true;
}

/** The support desk gives back a part of a delivered order's money: its timeline entry (the state stays). */
export async function notePartRefund(tx: Queryable, orderId: string, detail: string): Promise<void> {
  await recordEvent(tx, orderId, 'partial_refund_requested', { detail });
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
  await settleExperimentSale(tx, orderId);
  return true;
}

/**
 * The order an attempt at delivery is for, moved from paid to delivering (with its timeline entry)
 * if it was paid, in one statement. null when there is no such order.
 */
export async function startDelivery(db: Queryable, orderId: string, attempt: number): Promise<OrderRow | null> {
  const rows = await db.query<OrderRow>(
    `WITH moved AS (
       UPDATE orders SET status = 'delivering', delivering_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE order_id = $1 AND status = ANY($3::text[])
        RETURNING ${ORDER_COLUMNS}, delivering_at),
     noted AS (
       INSERT INTO order_events (order_id, event, attempt, at) SELECT order_id, 'delivering', $2::integer, delivering_at FROM moved)
     SELECT ${ORDER_COLUMNS} FROM moved
     UNION ALL
     SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = $1 AND NOT EXISTS (SELECT 1 FROM moved)`,
    [orderId, attempt, statesBefore('delivering')],
  );
  return rows[0] ?? null;
}

/** The game has the mail: the order is delivered and its timeline gets "mail sent" and "delivered", in one statement. */
export async function markDelivered(tx: Queryable, orderId: string, attempt: number, sent: SentMail): Promise<void> {
  await tx.query(
    `WITH moved AS (
       UPDATE orders SET status = 'delivered', delivered_at = clock_timestamp(), updated_at = clock_timestamp(),
                         mail_id = $3::text, mail_sent_at = $4::timestamptz
        WHERE order_id = $1 AND status = ANY($5::text[])
        RETURNING order_id, delivered_at)
     INSERT INTO order_events (order_id, event, attempt, detail, at)
     SELECT order_id, 'mail_sent', $2::integer, 'mail ' || $3::text, $4::timestamptz FROM moved
     UNION ALL
     SELECT order_id, 'delivered', $2::integer, '', delivered_at FROM moved`,
    [orderId, attempt, sent.mailId, sent.sentAt, statesBefore('delivered')],
  );
}

/** Unpaid orders past their time expire, each with its timeline entry. Returns how many. */
export async function expireUnpaidOrders(db: Queryable): Promise<number> {
  const rows = await db.query(
    `WITH expired AS (
       UPDATE orders SET status = 'expired', expired_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE status = ANY($1::text[]) AND expires_at <= now()
        RETURNING order_id, expired_at)
     INSERT INTO order_events (order_id, event, at) SELECT order_id, 'expired', expired_at FROM expired RETURNING order_id`,
    [statesBefore('expired')],
  );
  return rows.length;
}

/** The money is kept on the order (paid_at) until the refund job sends it back; its state stays. */
export async function keepPayment(tx: Queryable, orderId: string): Promise<void> {
  await tx.query('UPDATE orders SET paid_at = coalesce(paid_at, clock_timestamp()), updated_at = clock_timestamp() WHERE order_id = $1', [orderId]);
}

// The place step: the order is created, in its first state, by one call of topup_place_order
// (migration 081), which takes the character's lock, counts its orders and writes the row.

/** What topup_place_order answered: the outcome and the counts it judged by (write-order.ts). */
export interface PlaceOutcome {
  readonly outcome: 'placed' | 'token' | 'limit' | 'code' | 'unpaid';
  readonly holding: number;
  readonly first_buy_taken: number;
  readonly unpaid: number;
  readonly unpaid_by_buyer: number;
  readonly code_by_role: number;
  readonly code_by_all: number;
}

/** One round trip per order: the function's 35 arguments, in its order (write-order.ts builds them). */
const PLACE_ORDER = prepared(
  'place_order',
  // It writes: the leading comment keeps the PostgreSQL Db from repeating it after a lost connection,
  // as it repeats a statement that starts with SELECT (postgres-db.ts READS_ONLY).
  `/* writes an order */ SELECT outcome, holding, first_buy_taken, unpaid, unpaid_by_buyer, code_by_role, code_by_all
     FROM topup_place_order(${Array.from({ length: 35 }, (_, index) => `$${index + 1}`).join(', ')})`,
);

/**
 * Places an order in its first state (created), or refuses it, in one statement (outside any
 * transaction: the function's own statement is one); `values` are topup_place_order's arguments.
 */
export async function placeCreatedOrder(db: Queryable, values: readonly unknown[]): Promise<PlaceOutcome> {
  const [row] = await db.query<PlaceOutcome>(PLACE_ORDER, [...values]);
  if (!row) throw new Error('topup_place_order answered no row');
  return row;
}

/**
 * Places an order with a post-purchase offer inside the caller's transaction, which holds the
 * character's lock: the order as placeCreatedOrder writes it, then marked as taking the offer of the
 * paid order `offerOf` (one open or paid offer order per paid order, write-order.ts).
 */
export async function placeOfferOrder(tx: Queryable, values: readonly unknown[], orderId: string, offerOf: string): Promise<PlaceOutcome> {
  const placed = await placeCreatedOrder(tx, values);
  if (placed.outcome === 'placed') await tx.query('UPDATE orders SET offer_of = $2 WHERE order_id = $1', [orderId, offerOf]);
  return placed;
}

/**
 * Places an order priced by an offer experiment's variant inside the caller's transaction: the order as
 * placeCreatedOrder writes it, then marked with the experiment, the variant and the visitor (decision
 * 309), whose conversion its payment records.
 */
export async function placeExperimentOrder(tx: Queryable, values: readonly unknown[], orderId: string, pricing: { experimentId: string; variant: string; visitor: string }): Promise<PlaceOutcome> {
  const placed = await placeCreatedOrder(tx, values);
  if (placed.outcome === 'placed') {
    await tx.query('UPDATE orders SET experiment_id = $2, experiment_variant = $3, experiment_visitor = $4 WHERE order_id = $1', [orderId, pricing.experimentId, pricing.variant, pricing.visitor]);
  }
  return placed;
}

// The demo's purchases, recorded as the steps they went through.

const STEPS = ['paid', 'delivering', 'mail_sent', 'delivered'] as const;

/** An order that was placed, paid and delivered before this store recorded it (the demo's purchases). */
export interface DeliveredOrder {
  readonly orderId: string;
  readonly serverId: string;
  readonly roleId: string;
  readonly uid: string;
  /** The bundle bought: the order takes its game, area and price. */
  readonly productId: string;
  readonly currency: string;
  readonly paymentProvider: string;
  readonly mailId: string;
  /** When it was placed and when each step of its timeline happened. */
  readonly times: Readonly<Record<'created' | (typeof STEPS)[number], Date>>;
}

/**
 * Writes such an order with its times and its timeline, consistent with what a real purchase leaves.
 * Writing it again writes the same rows. Returns what it cost, or null when no bundle has its product id.
 */
export async function recordDeliveredOrder(tx: Queryable, order: DeliveredOrder): Promise<{ amount_minor: number; currency: string } | null> {
  await tx.query(
    `INSERT INTO orders (order_id, game_id, area, server_id, role_id, uid, bundle_id, product_id, amount_minor, currency, status)
     SELECT $1, game_id, area, $2, $3, $4, id, product_id, price_minor, $5, 'delivered'
       FROM bundles WHERE product_id = $6
     ON CONFLICT (order_id) DO NOTHING`,
    [order.orderId, order.serverId, order.roleId, order.uid, order.currency, order.productId],
  );
  const { times } = order;
  const [written] = await tx.query<{ amount_minor: number; currency: string }>(
    `UPDATE orders SET status = 'delivered', created_at = $2, paid_at = $3, delivering_at = $4, mail_sent_at = $5,
                       delivered_at = $6, mail_id = $7, payment_provider = $8, updated_at = $6
      WHERE order_id = $1 RETURNING amount_minor, currency`,
    [order.orderId, times.created, times.paid, times.delivering, times.mail_sent, times.delivered, order.mailId, order.paymentProvider],
  );
  if (!written) return null;
  const recorded = new Set((await tx.query<{ event: string }>('SELECT event FROM order_events WHERE order_id = $1', [order.orderId])).map((row) => row.event));
  for (const step of STEPS) {
    if (!recorded.has(step)) await recordEvent(tx, order.orderId, step, { at: times[step] });
  }
  return written;
}
