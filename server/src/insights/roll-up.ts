import type { Queryable } from '../db/db';
import { forgetOldReports } from '../reports/record-report';
import { DELIVERY_TIMES_SQL, ORDER_FACTS_SQL } from '../orders';
import { DELIVERY_BUCKET_BOUNDS_MS } from './delivery-buckets';
import { rollUpDays } from './roll-up-days';

/**
 * How far back each run makes the hourly rollups again: longer than any transaction that writes a
 * report or moves an order takes to commit, so that a row committed late, with a time before the last
 * run, is still counted (decision 272).
 */
export const ROLLUP_LAG_MS = 10 * 60_000;

/** Hours one run covers at most: a first run over years of data catches up over several runs. */
export const ROLLUP_MAX_HOURS = 24 * 31;

export interface RolledUp {
  readonly from: string;
  readonly to: string;
  /** Whether it reached the present (false: the next run goes on from `to`). */
  readonly caughtUp: boolean;
}

const HOUR = `date_trunc('hour', at, 'UTC')`;

/**
 * Makes the hourly rollups (insights_report_hours, insights_order_hours, insights_delivery_hours) of
 * the hours from a little before the last run up to now, from the reports and the orders module's
 * facts. Running it again gives the same rows: each covered hour is deleted and counted anew. The
 * cluster runs it once per period (runClusterChore); it must be given one transaction.
 */
export async function rollUpInsights(tx: Queryable, options: { readonly lagMs?: number; readonly maxHours?: number } = {}): Promise<RolledUp> {
  const [span] = await tx.query<{ from_at: string; to_at: string; caught_up: boolean }>(
    `WITH start AS (
       SELECT date_trunc('hour', coalesce(
                (SELECT rolled_to - $1 * interval '1 millisecond' FROM insights_rollup_state WHERE name = 'hours'),
                least((SELECT min(created_at) FROM reports), (SELECT min(created_at) FROM orders)),
                clock_timestamp()), 'UTC') AS at)
     SELECT to_json(start.at) #>> '{}' AS from_at,
            to_json(least(clock_timestamp(), start.at + $2 * interval '1 hour')) #>> '{}' AS to_at,
            clock_timestamp() <= start.at + $2 * interval '1 hour' AS caught_up
       FROM start`,
    [options.lagMs ?? ROLLUP_LAG_MS, options.maxHours ?? ROLLUP_MAX_HOURS],
  );
  const { from_at: from, to_at: to, caught_up: caughtUp } = span!;
  const range = [from, to];

  await tx.query(`DELETE FROM insights_report_hours WHERE hour >= $1 AND hour < $2`, range);
  await tx.query(
    `INSERT INTO insights_report_hours (hour, game_id, area, storefront, report_type, reports, sessions)
     SELECT date_trunc('hour', r.created_at, 'UTC'), r.game_id, r.area, r.storefront, r.report_type, count(*),
            count(*) FILTER (WHERE r.session_id = '' OR NOT EXISTS (
              SELECT 1 FROM reports e
               -- session_id <> '' lets the planner use the partial index reports_by_session
               WHERE e.session_id <> '' AND e.session_id = r.session_id AND e.game_id = r.game_id AND e.report_type = r.report_type AND e.id < r.id))
       FROM reports r
      WHERE r.created_at >= $1 AND r.created_at < $2
      GROUP BY 1, 2, 3, 4, 5`,
    range,
  );

  await tx.query(`DELETE FROM insights_order_hours WHERE hour >= $1 AND hour < $2`, range);
  await tx.query(
    `INSERT INTO insights_order_hours (hour, game_id, area, storefront, product_id, pay_type, discount_code, currency,
                                      placed, paid, paid_minor, first_paid, delivered, delivery_failed,
                                      refunded, refunded_minor, disputed, disputed_minor)
     SELECT ${HOUR}, game_id, area, storefront, product_id, pay_type, discount_code, currency,
            count(*) FILTER (WHERE fact = 'placed'),
            count(*) FILTER (WHERE fact = 'paid'),
            coalesce(sum(amount) FILTER (WHERE fact = 'paid'), 0),
            count(*) FILTER (WHERE fact = 'first_paid'),
            count(*) FILTER (WHERE fact = 'delivered'),
            count(*) FILTER (WHERE fact = 'delivery_failed'),
            count(*) FILTER (WHERE fact = 'refunded'),
            coalesce(sum(amount) FILTER (WHERE fact IN ('refunded', 'refunded_part')), 0),
            count(*) FILTER (WHERE fact = 'disputed'),
            coalesce(sum(amount) FILTER (WHERE fact = 'disputed'), 0)
       FROM (${ORDER_FACTS_SQL}) facts
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
    range,
  );

  await tx.query(`DELETE FROM insights_delivery_hours WHERE hour >= $1 AND hour < $2`, range);
  await tx.query(
    `INSERT INTO insights_delivery_hours (hour, game_id, area, storefront, product_id, pay_type, discount_code, bucket, orders)
     SELECT ${HOUR}, game_id, area, storefront, product_id, pay_type, discount_code, width_bucket(ms, $3::bigint[]), count(*)
       FROM (${DELIVERY_TIMES_SQL}) times
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
    [...range, DELIVERY_BUCKET_BOUNDS_MS],
  );

  // The all-games days (decision 277) of the hours just made; the first time, of every hour made before.
  const [days] = await tx.query<{ from_at: string }>(
    `SELECT to_json(least($1::timestamptz, coalesce(
              (SELECT rolled_to FROM insights_rollup_state WHERE name = 'days'),
              least((SELECT min(hour) FROM insights_report_hours), (SELECT min(hour) FROM insights_order_hours)), $1::timestamptz))) #>> '{}' AS from_at`,
    [from],
  );
  await rollUpDays(tx, days!.from_at, to);

  await tx.query(
    `INSERT INTO insights_rollup_state (name, rolled_to) VALUES ('hours', $1), ('days', $1)
     ON CONFLICT (name) DO UPDATE SET rolled_to = EXCLUDED.rolled_to`,
    [to],
  );
  return { from, to, caughtUp };
}

/**
 * The cluster's insights chore (one transaction): the rollup's next step, then the raw reports past
 * REPORTS_KEEP_DAYS — those already counted only. While the rollup catches up (a month a run, after an
 * upgrade or a pause), a report it has not reached yet is kept until it has; and the hours a next run
 * counts again (its lag before where this one ended) keep theirs.
 */
export async function rollUpAndForgetReports(tx: Queryable, keepDays: number): Promise<{ readonly rolled: RolledUp; readonly forgotten: number }> {
  const rolled = await rollUpInsights(tx);
  const countedBefore = new Date(Date.parse(rolled.to) - ROLLUP_LAG_MS - 3_600_000);
  return { rolled, forgotten: await forgetOldReports(tx, keepDays, { countedBefore }) };
}
