import type { OrderStatus } from '@topup/shared/types';
import type { Queryable } from '../db/db';
import { IS_PAID_SQL } from './order-state';

/** An order as a payment finds it, locked for the payment's transaction. */
export interface PayableOrder {
  order_id: string;
  game_id: number;
  role_id: string;
  bundle_id: number;
  status: OrderStatus;
  amount_minor: number;
  currency: string;
  first_buy: boolean;
  expired: boolean;
  /** The order has taken a payment already (paid, delivered, refunded, or a late payment going back). */
  took_payment: boolean;
  /** The offer experiment that priced it, its variant and visitor (decision 309); null for none. */
  experiment_id: string | null;
  experiment_variant: string | null;
  experiment_visitor: string | null;
}

/** The character an order is for, read before any lock is taken; null when there is no such order. */
export async function findOrderOwner(tx: Queryable, orderId: string): Promise<{ game_id: number; role_id: string } | null> {
  const rows = await tx.query<{ game_id: number; role_id: string }>('SELECT game_id, role_id FROM orders WHERE order_id = $1', [orderId]);
  return rows[0] ?? null;
}

/** The order, locked until the transaction ends. */
export async function lockPayableOrder(tx: Queryable, orderId: string): Promise<PayableOrder | null> {
  const rows = await tx.query<PayableOrder>(
    `SELECT order_id, game_id, role_id, bundle_id, status, amount_minor, currency, first_buy,
            (status = 'created' AND expires_at <= now()) AS expired, paid_at IS NOT NULL AS took_payment,
            experiment_id, experiment_variant, experiment_visitor
       FROM orders WHERE order_id = $1 FOR UPDATE`,
    [orderId],
  );
  return rows[0] ?? null;
}

/** Another paid order of the same bundle by the same character already has the first-purchase bonus. */
export async function firstBuyTakenElsewhere(tx: Queryable, order: PayableOrder): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM orders WHERE game_id = $1 AND role_id = $2 AND bundle_id = $3 AND order_id <> $4 AND ${IS_PAID_SQL} LIMIT 1`,
    [order.game_id, order.role_id, order.bundle_id, order.order_id],
  );
  return rows.length > 0;
}
