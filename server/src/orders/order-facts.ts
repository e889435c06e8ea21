/**
 * What happened to orders between two instants ($1 inclusive, $2 exclusive), each event at its own
 * time, for the back office's insights (insights/roll-up.ts reads orders only through these). One row
 * per event with the order's dimensions and `at`, the event's time:
 * - placed: the order was created;
 * - paid: the payment was taken (an order that went through `paid`: not a refused or late payment,
 *   whose order was declined or expired and whose money went straight back), `amount` its price;
 * - first_paid: a paid order that is the character's first paid order of the game;
 * - delivered / delivery_failed: the mail arrived / was given up on;
 * - refunded: a sale refunded as a whole (refunds of kind 'order'), `amount` what went back (after
 *   parts, what was left);
 * - refunded_part: a part of a sale the support desk gave back (refunds of kind 'partial'), `amount`
 *   the part: money out of the figures, the order still a sale;
 * - disputed: a sale marked disputed by the support desk, `amount` its price.
 * A sale's money leaves the figures once: by its refund or by its dispute, whichever came first.
 */
const SOLD = `o.paid_at IS NOT NULL AND o.declined_at IS NULL AND o.expired_at IS NULL`;
const DIMENSIONS = `o.game_id, o.area, o.storefront, o.product_id, o.pay_type, o.discount_code, o.currency`;

export const ORDER_FACTS_SQL = `
  SELECT o.created_at AS at, ${DIMENSIONS}, 'placed' AS fact, 0::bigint AS amount
    FROM orders o WHERE o.created_at >= $1 AND o.created_at < $2
  UNION ALL
  SELECT o.paid_at, ${DIMENSIONS}, 'paid', o.amount_minor
    FROM orders o WHERE o.paid_at >= $1 AND o.paid_at < $2 AND ${SOLD}
  UNION ALL
  SELECT o.paid_at, ${DIMENSIONS}, 'first_paid', 0
    FROM orders o WHERE o.paid_at >= $1 AND o.paid_at < $2 AND ${SOLD}
     AND NOT EXISTS (SELECT 1 FROM orders p
                      WHERE p.game_id = o.game_id AND p.role_id = o.role_id AND p.paid_at < o.paid_at
                        AND p.declined_at IS NULL AND p.expired_at IS NULL)
  UNION ALL
  SELECT o.delivered_at, ${DIMENSIONS}, 'delivered', 0
    FROM orders o WHERE o.delivered_at >= $1 AND o.delivered_at < $2
  UNION ALL
  SELECT o.delivery_failed_at, ${DIMENSIONS}, 'delivery_failed', 0
    FROM orders o WHERE o.delivery_failed_at >= $1 AND o.delivery_failed_at < $2
  UNION ALL
  SELECT r.refunded_at, ${DIMENSIONS}, 'refunded', r.amount_minor
    FROM refunds r JOIN orders o ON o.order_id = r.order_id
   WHERE r.kind = 'order' AND r.refunded_at >= $1 AND r.refunded_at < $2 AND ${SOLD}
     AND NOT (o.disputed_at IS NOT NULL AND o.disputed_at <= r.refunded_at)
  UNION ALL
  SELECT r.refunded_at, ${DIMENSIONS}, 'refunded_part', r.amount_minor
    FROM refunds r JOIN orders o ON o.order_id = r.order_id
   WHERE r.kind = 'partial' AND r.refunded_at >= $1 AND r.refunded_at < $2 AND ${SOLD}
     AND NOT (o.disputed_at IS NOT NULL AND o.disputed_at <= r.refunded_at)
  UNION ALL
  SELECT o.disputed_at, ${DIMENSIONS}, 'disputed', o.amount_minor
    FROM orders o WHERE o.disputed_at >= $1 AND o.disputed_at < $2 AND ${SOLD}
     AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.order_id AND r.kind = 'order' AND r.refunded_at < o.disputed_at)`;

/** Orders delivered between $1 and $2: their dimensions, `at` the delivery's time and `ms` the time since payment. */
export const DELIVERY_TIMES_SQL = `
  SELECT o.delivered_at AS at, o.game_id, o.area, o.storefront, o.product_id, o.pay_type, o.discount_code,
         greatest(0, extract(epoch FROM o.delivered_at - o.paid_at) * 1000)::bigint AS ms
    FROM orders o
   WHERE o.delivered_at >= $1 AND o.delivered_at < $2 AND o.paid_at IS NOT NULL`;
