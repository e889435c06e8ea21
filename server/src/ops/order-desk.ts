import type { OpsOrderRow } from '@topup/shared/types';
import type { Queryable } from '../db/db';
import { DELIVERED_UNPAID_SQL, ORDER_COLUMNS, type OrderRow, RECONCILIATION_SQL } from '../orders';
import { readAudit, type AuditRow } from './audit';

/** The support desk's filters of the orders list; each is optional, all given ones must hold. */
export interface OrderFilter {
  readonly orderId?: string;
  readonly gameId?: number;
  readonly serverId?: string;
  /** A character's id, or the start of its name (any case). */
  readonly character?: string;
  /** The receipt e-mail the player gave, exactly (any case). */
  readonly email?: string;
  /** The player's account uid, in every game. */
  readonly uid?: string;
  readonly status?: string;
  readonly payType?: string;
  readonly currency?: string;
  /** Placed at or after / before (ISO 8601 or a date). */
  readonly from?: string;
  readonly to?: string;
  /** Amount paid, in minor units of the order's currency. */
  readonly minAmount?: number;
  readonly maxAmount?: number;
  /** Rows after this one (the `next` of the previous page). */
  readonly after?: string;
  readonly limit: number;
}

export type OrderListRow = OpsOrderRow;

interface Cursor {
  readonly at: string;
  readonly id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** The cursor of a page, or null when it is not one this list wrote. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string' && !Number.isNaN(Date.parse(value[0]))) {
      return { at: value[0], id: value[1] };
    }
  } catch {
    // not a cursor
  }
  return null;
}

/**
 * One page of orders, newest first, with keyset paging on (created_at, order_id): every page costs
 * the same however deep, and each filter has an index in that order (migration 060). The ORDER BY names
 * the table's columns: a bare `created_at` would be the text selected above, which no index holds, and
 * every matching order would be read and sorted for each page.
 */
export const ORDER_LIST_SQL = `
SELECT order_id, status, game_id, area, server_id, server_name, role_id, role_name, product_name, pay_type,
       amount_minor, currency, created_at::text, disputed_at IS NOT NULL AS disputed
  FROM orders
 WHERE ($1::text IS NULL OR order_id = $1)
   AND ($2::int IS NULL OR game_id = $2)
   AND ($3::text IS NULL OR server_id = $3)
   AND ($4::text IS NULL OR role_id = $4 OR lower(role_name) LIKE $15)
   AND ($5::text IS NULL OR status = $5)
   AND ($6::text IS NULL OR pay_type = $6)
   AND ($7::text IS NULL OR currency = $7)
   AND ($8::timestamptz IS NULL OR created_at >= $8)
   AND ($9::timestamptz IS NULL OR created_at < $9)
   AND ($10::int IS NULL OR amount_minor >= $10)
   AND ($11::int IS NULL OR amount_minor <= $11)
   AND ($12::timestamptz IS NULL OR (created_at, order_id) < ($12, $13::text))
   AND ($16::text IS NULL OR lower(receipt_email) = lower($16))
   AND ($17::text IS NULL OR uid = $17)
 ORDER BY orders.created_at DESC, orders.order_id DESC
 LIMIT $14`;

export function orderListParams(filter: OrderFilter, cursor: Cursor | null): unknown[] {
  return [
    filter.orderId || null,
    filter.gameId ?? null,
    filter.serverId || null,
    filter.character || null,
    filter.status || null,
    filter.payType || null,
    filter.currency || null,
    filter.from || null,
    filter.to || null,
    filter.minAmount ?? null,
    filter.maxAmount ?? null,
    cursor?.at ?? null,
    cursor?.id ?? null,
    filter.limit + 1,
    filter.character ? `${filter.character.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    filter.email || null,
    filter.uid || null,
  ];
}

export async function listOrders(db: Queryable, filter: OrderFilter): Promise<{ rows: OrderListRow[]; next: string | null }> {
  const cursor = filter.after ? decodeCursor(filter.after) : null;
  const rows = await db.query<OrderListRow>(ORDER_LIST_SQL, orderListParams(filter, cursor));
  const more = rows.length > filter.limit;
  const page = more ? rows.slice(0, filter.limit) : rows;
  const last = page[page.length - 1];
  return { rows: page, next: more && last ? encodeCursor({ at: last.created_at, id: last.order_id }) : null };
}

export interface DeskEvent {
  readonly event: string;
  readonly at: string;
  readonly attempt: number | null;
  readonly next_attempt_at: string | null;
  readonly detail: string;
}

export interface OrderDossier {
  readonly order: OrderRow & { readonly updated_at: string };
  /** Every entry of its timeline, the support desk's own included, with what the game or provider answered. */
  readonly events: readonly DeskEvent[];
  readonly payments: readonly object[];
  readonly refunds: readonly object[];
  /** Outbox jobs still open: a delivery waiting for its next attempt, a refund, a resend. */
  readonly jobs: readonly object[];
  /** The receipt e-mail, if one was asked for. */
  readonly receipt: object | null;
  readonly audit: readonly AuditRow[];
  /** What `npm run reconcile` finds wrong with this order (empty when nothing). */
  readonly findings: readonly string[];
}

/** Everything the support desk shows about one order; null when there is no such order. */
export async function readDossier(db: Queryable, orderId: string): Promise<OrderDossier | null> {
  const orders = await db.query<OrderRow & { updated_at: string }>(`SELECT ${ORDER_COLUMNS}, updated_at::text FROM orders WHERE order_id = $1`, [orderId]);
  const order = orders[0];
  if (!order) return null;
  const [events, payments, refunds, jobs, receipts, audit, mismatch, unpaid] = await Promise.all([
    db.query<DeskEvent>(
      `SELECT event, at::text, attempt, next_attempt_at::text, detail FROM (
         SELECT 'created' AS event, created_at AS at, NULL::int AS attempt, NULL::timestamptz AS next_attempt_at, '' AS detail, 0::bigint AS id FROM orders WHERE order_id = $1
         UNION ALL SELECT event, at, attempt, next_attempt_at, detail, id FROM order_events WHERE order_id = $1) AS t
       ORDER BY at, id`,
      [orderId],
    ),
    db.query(`SELECT provider, event_id, result, amount_minor, currency, duplicate, received_at::text FROM payment_events WHERE order_id = $1 ORDER BY received_at`, [orderId]),
    db.query(`SELECT kind, provider, refund_id, payment_id, amount_minor, currency, reason, refunded_at::text FROM refunds WHERE order_id = $1 ORDER BY id`, [orderId]),
    db.query(`SELECT job, payment_id, attempts, due_at::text, last_error FROM delivery_outbox WHERE order_id = $1 ORDER BY created_at`, [orderId]),
    db.query(`SELECT recipient, subject, attempts, sent_at::text, failed_at::text, last_error FROM mail_outbox WHERE mail_key = $1`, [`receipt:${orderId}`]),
    readAudit(db, { targetType: 'order', targetId: orderId, limit: 100 }),
    db.query(`SELECT 1 FROM (${RECONCILIATION_SQL}) AS r WHERE r.order_id = $1`, [orderId]),
    db.query(`SELECT 1 FROM (${DELIVERED_UNPAID_SQL}) AS r WHERE r.order_id = $1`, [orderId]),
  ]);
  const findings = [
    ...(mismatch.length > 0 ? ['moneyAndItemsDisagree'] : []),
    ...(unpaid.length > 0 ? ['deliveredWithoutPayment'] : []),
  ];
  return { order, events, payments, refunds, jobs, receipt: receipts[0] ?? null, audit: audit.rows, findings };
}
