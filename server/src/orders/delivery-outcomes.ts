import type { Queryable } from '../db/db';

/** A game's delivery attempts of the last minutes: those that failed (retried or given up) and those delivered. */
export interface GameDeliveryOutcomes {
  readonly game_id: number;
  readonly failures: number;
  readonly delivered: number;
  /** The last failure's answer from the game server, shortened. */
  readonly last_error: string;
}

/**
 * Each game's delivery outcomes over the last `windowMs` (the order timeline's `delivery_retry`,
 * `delivery_failed` and `delivered` events), for the failing-deliveries alert. Games with no attempt in
 * the window are absent. `now()`, not `clock_timestamp()`: a stable bound lets the partial index on `at` find the window.
 */
export function deliveryOutcomesByGame(db: Queryable, windowMs: number): Promise<GameDeliveryOutcomes[]> {
  return db.query<GameDeliveryOutcomes>(
    `SELECT o.game_id::int AS game_id,
            count(*) FILTER (WHERE e.event <> 'delivered')::int AS failures,
            count(*) FILTER (WHERE e.event = 'delivered')::int AS delivered,
            left(coalesce((array_agg(e.detail ORDER BY e.id DESC) FILTER (WHERE e.event <> 'delivered'))[1], ''), 200) AS last_error
       FROM order_events e JOIN orders o ON o.order_id = e.order_id
      WHERE e.event IN ('delivered', 'delivery_retry', 'delivery_failed')
        AND e.at >= now() - $1 * interval '1 millisecond'
      GROUP BY o.game_id ORDER BY o.game_id`,
    [windowMs],
  );
}
