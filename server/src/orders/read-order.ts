import type { OrderEventKind, OrderStatus } from '@topup/shared/types';
import type { Queryable } from '../db/db';
import { openJobsOf, type OpenJob, type PromisedItems } from '../fulfilment';

export interface OrderRow {
  order_id: string;
  status: OrderStatus;
  game_id: number;
  area: string;
  server_id: string;
  server_name: string;
  role_id: string;
  role_name: string;
  uid: string;
  bundle_id: number;
  product_id: string;
  product_name: string;
  first_buy: boolean;
  /** The bundle's items when the order was placed; null for orders placed before they were kept. */
  promised_items: PromisedItems | null;
  pay_type: string;
  discount_code: string;
  list_price_minor: number;
  discount_minor: number;
  amount_minor: number;
  currency: string;
  payment_provider: string;
  created_at: Date;
  expires_at: Date | null;
  paid_at: Date | null;
  mail_sent_at: Date | null;
  delivered_at: Date | null;
  refunded_at: Date | null;
  /** The order page's language. */
  locale: string;
  /** Where the receipt is e-mailed once delivered; '' for none. */
  receipt_email: string;
  /** The support desk asked for its money back (a paid or delivered order). */
  refund_requested_at: Date | null;
  /** The support desk marked it disputed (a chargeback or a complaint). */
  disputed_at: Date | null;
  /** The game's id of the mail that delivered it. */
  mail_id: string | null;
}

export interface OrderEventRow {
  event: OrderEventKind;
  at: Date;
  attempt: number | null;
  next_attempt_at: Date | null;
}

export const ORDER_COLUMNS = `order_id, status, game_id, area, server_id, server_name, role_id, role_name, uid, bundle_id,
  product_id, product_name, first_buy, pay_type, discount_code, list_price_minor, discount_minor, amount_minor, currency,
  payment_provider, created_at, expires_at, paid_at, mail_sent_at, delivered_at, refunded_at, promised_items, locale, receipt_email,
  refund_requested_at, disputed_at, mail_id`;

export async function readOrder(db: Queryable, orderId: string): Promise<OrderRow | null> {
  const rows = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = $1`, [orderId]);
  return rows[0] ?? null;
}

export interface OrderWithTimeline {
  readonly order: OrderRow;
  readonly events: readonly OrderEventRow[];
  readonly jobs: readonly OpenJob[];
}

/** The support desk's own entries of a timeline: the back office shows them, the player's pages do not. */
export const SUPPORT_DESK_EVENTS = ['mail_resend_requested', 'mail_resent', 'refund_requested', 'disputed', 'partial_refund_requested', 'partially_refunded'];

/** An order, its timeline and the outbox jobs still open for it. */
export async function readOrderWithTimeline(db: Queryable, orderId: string): Promise<OrderWithTimeline | null> {
  const order = await readOrder(db, orderId);
  if (!order) return null;
  // The creation is the order's own created_at; every later change is a row of order_events.
  const events = await db.query<OrderEventRow>(
    `SELECT event, at, attempt, next_attempt_at FROM (
       SELECT 'created' AS event, created_at AS at, NULL::integer AS attempt, NULL::timestamptz AS next_attempt_at, 0::bigint AS id
         FROM orders WHERE order_id = $1
       UNION ALL
       SELECT event, at, attempt, next_attempt_at, id FROM order_events
        WHERE order_id = $1 AND event <> ALL ($2::text[])) AS timeline
     ORDER BY at, id`,
    [orderId, SUPPORT_DESK_EVENTS],
  );
  return { order, events, jobs: await openJobsOf(db, orderId) };
}

/** A character's order as "My orders by character" lists it. */
export interface CharacterOrderRow {
  readonly order_id: string;
  readonly status: string;
  readonly product_name: string;
  readonly amount_minor: number;
  readonly currency: string;
  readonly created_at: Date;
  readonly delivered_at: Date | null;
}

/** A character's orders that were paid (delivered, refunded or on their way), newest first. */
export function ordersOfCharacter(db: Queryable, character: { gameId: number; serverId: string; roleId: string }, limit = 50): Promise<CharacterOrderRow[]> {
  return db.query<CharacterOrderRow>(
    `SELECT order_id, status, product_name, amount_minor, currency, created_at, delivered_at FROM orders
      WHERE game_id = $1 AND server_id = $2 AND role_id = $3 AND paid_at IS NOT NULL
      ORDER BY created_at DESC, order_id DESC LIMIT $4`,
    [character.gameId, character.serverId, character.roleId, limit],
  );
}
