import type { Queryable } from '../db/db';
import { settleConversion } from '../experiments';

/**
 * Tells the offer experiments what became of an order's sale, in the transaction that refunded (as a
 * whole or a part) or disputed it: undone when refunded as a whole or disputed, and the parts given back
 * so far (decision 309). Nothing changes for an order no experiment priced.
 */
export async function settleExperimentSale(tx: Queryable, orderId: string): Promise<void> {
  const [sale] = await tx.query<{ undone: boolean; parts: string }>(
    `SELECT o.disputed_at IS NOT NULL OR EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.order_id AND r.kind = 'order') AS undone,
            coalesce((SELECT sum(r.amount_minor) FROM refunds r WHERE r.order_id = o.order_id AND r.kind = 'partial'), 0)::text AS parts
       FROM orders o WHERE o.order_id = $1 AND o.experiment_id IS NOT NULL`,
    [orderId],
  );
  if (sale) await settleConversion(tx, orderId, { undone: sale.undone, refundedMinor: Number(sale.parts) });
}
