import type { Queryable } from '../db/db';
import { recordEvent } from './transition-order';

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
