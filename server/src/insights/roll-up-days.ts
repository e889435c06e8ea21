import type { Queryable } from '../db/db';

/** The order measures kept per hour (insights_order_hours) and per day (insights_order_days). */
export const ORDER_MEASURES = [
  'placed', 'paid', 'paid_minor', 'first_paid', 'delivered', 'delivery_failed', 'refunded', 'refunded_minor', 'disputed', 'disputed_minor',
] as const;

/** The breakdowns kept per day for every game together: the column of insights_order_hours each sums by. */
export const DAY_DIMENSIONS = { all: `''`, game: 'game_id::text', bundle: 'product_id', pay_type: 'pay_type', code: 'discount_code' } as const;
export type DayDimension = keyof typeof DAY_DIMENSIONS;

const DAY = `(hour AT TIME ZONE 'UTC')::date`;
const HOUR_OF_DAY = `extract(hour FROM hour AT TIME ZONE 'UTC')::int`;

/**
 * The running-sum arrays of per-hour rows (`perHour`: day, h 0–23, the keys, the measures): every key
 * of a day gets its 24 hours, the hours without a row counting 0, and each measure becomes
 * array[h + 1] = the sum of hours 0 .. h.
 */
function runningSums(perHour: string, keys: readonly string[], measures: readonly string[]): string {
  const all = ['day', ...keys];
  const running = measures.map((m) => `sum(coalesce(p.${m}, 0)) OVER w AS ${m}`).join(', ');
  return `WITH per_hour AS (${perHour})
  SELECT ${all.join(', ')}, ${measures.map((m) => `array_agg(${m} ORDER BY h) AS ${m}`).join(', ')}
    FROM (SELECT ${all.map((k) => `k.${k}`).join(', ')}, hours.h, ${running}
            FROM (SELECT DISTINCT ${all.join(', ')} FROM per_hour) k
            CROSS JOIN generate_series(0, 23) AS hours (h)
            LEFT JOIN per_hour p ON ${all.map((k) => `p.${k} = k.${k}`).join(' AND ')} AND p.h = hours.h
          WINDOW w AS (PARTITION BY ${all.map((k) => `k.${k}`).join(', ')} ORDER BY hours.h)) dense
   GROUP BY ${all.join(', ')}`;
}

/**
 * Makes the all-games day rows (insights_report_days, insights_order_days, insights_delivery_days) of
 * every UTC day that holds an hour from `from` up to `to` again, from the hourly rollups: the whole day,
 * so that the hours the run did not touch are kept. Called by rollUpInsights in its transaction, after
 * the hours.
 */
export async function rollUpDays(tx: Queryable, from: string, to: string): Promise<void> {
  const [span] = await tx.query<{ first: string; last: string }>(
    `SELECT (($1::timestamptz) AT TIME ZONE 'UTC')::date::text AS first,
            (($2::timestamptz - interval '1 microsecond') AT TIME ZONE 'UTC')::date::text AS last`,
    [from, to],
  );
  const days = [span!.first, span!.last];
  const hours = `hour >= ($1::date::timestamp AT TIME ZONE 'UTC') AND hour < (($2::date + 1)::timestamp AT TIME ZONE 'UTC')`;

  await tx.query(`DELETE FROM insights_report_days WHERE day BETWEEN $1::date AND $2::date`, days);
  await tx.query(
    `INSERT INTO insights_report_days (day, report_type, sessions)
     ${runningSums(
       `SELECT ${DAY} AS day, ${HOUR_OF_DAY} AS h, report_type, sum(sessions) AS sessions
          FROM insights_report_hours WHERE ${hours} AND report_type IN (1, 3, 4) GROUP BY 1, 2, 3`,
       ['report_type'],
       ['sessions'],
     )}`,
    days,
  );

  await tx.query(`DELETE FROM insights_order_days WHERE day BETWEEN $1::date AND $2::date`, days);
  const dimensions = Object.entries(DAY_DIMENSIONS).map(([name, column]) => `('${name}', ${column})`).join(', ');
  await tx.query(
    `INSERT INTO insights_order_days (day, dimension, key, currency, ${ORDER_MEASURES.join(', ')})
     ${runningSums(
       `SELECT ${DAY} AS day, ${HOUR_OF_DAY} AS h, d.dimension, d.key, currency, ${ORDER_MEASURES.map((m) => `sum(${m}) AS ${m}`).join(', ')}
          FROM insights_order_hours CROSS JOIN LATERAL (VALUES ${dimensions}) AS d (dimension, key)
         WHERE ${hours} GROUP BY 1, 2, 3, 4, 5`,
       ['dimension', 'key', 'currency'],
       ORDER_MEASURES,
     )}`,
    days,
  );

  await tx.query(`DELETE FROM insights_delivery_days WHERE day BETWEEN $1::date AND $2::date`, days);
  await tx.query(
    `INSERT INTO insights_delivery_days (day, game_id, bucket, orders)
     ${runningSums(
       `SELECT ${DAY} AS day, ${HOUR_OF_DAY} AS h, game_id, bucket, sum(orders) AS orders
          FROM insights_delivery_hours WHERE ${hours} GROUP BY 1, 2, 3, 4`,
       ['game_id', 'bucket'],
       ['orders'],
     )}`,
    days,
  );
}

/**
 * Per UTC day around the period (from the day before the first to the day after the last): the
 * operator's day its first hour falls on (`first_day`) and how many of its hours do (`k`, 1–24); the
 * rest fall on the next day. `$from`, `$to`, `$zone` are the placeholders of the period. Exact for
 * every zone whose clocks move forward through a day (all but the rare ones that turn back across
 * midnight: their repeated hour counts on the next day).
 */
function splitDays(from: string, to: string, zone: string): string {
  const local = (hours: string) => `(((d.day::timestamp + ${hours}) AT TIME ZONE 'UTC') AT TIME ZONE ${zone})::date`;
  return `(SELECT d.day::date AS day, ${local(`interval '0 hours'`)} AS first_day,
                  (SELECT count(*)::int FROM generate_series(0, 23) AS g (h) WHERE ${local(`g.h * interval '1 hour'`)} = ${local(`interval '0 hours'`)}) AS k
             FROM generate_series(${from}::date - 1, ${to}::date + 1, interval '1 day') AS d (day)
           -- OFFSET 0: worked out once per UTC day, not again for every row and column that uses k
           OFFSET 0)`;
}

/** The operator's day of a row spread per day by spreadDays. */
export const LOCAL_DAY = 'part.local_day';

/**
 * A running-sum column's part: the sum of its hours lo+1 .. hi (sums[0] is no element: SQL gives null).
 * `part.lo`/`part.hi` come from spreadDays.
 */
export const partOf = (column: string) => `(r.${column}[part.hi] - coalesce(r.${column}[part.lo], 0))`;

/**
 * FROM … WHERE … of the day rows of `table` (alias `r`) within the period of the operator's days
 * from..to in `zone`. `perDay`: each row gives its two parts (the hours on `first_day` and those on the
 * next day), each with its operator's day (LOCAL_DAY); otherwise one part per row, the hours that fall
 * within the period (a UTC day inside it: all 24), for figures over the whole period.
 */
export function spreadDays(table: string, from: string, to: string, zone: string, extra: string, perDay: boolean): string {
  const part = perDay
    ? `CROSS JOIN LATERAL (VALUES (s.first_day, 0, s.k), (s.first_day + 1, s.k, 24)) AS part (local_day, lo, hi)`
    : `CROSS JOIN LATERAL (SELECT CASE WHEN s.first_day >= ${from}::date THEN 0 WHEN s.first_day + 1 >= ${from}::date THEN s.k ELSE 24 END AS lo,
                                  CASE WHEN s.first_day + 1 <= ${to}::date THEN 24 WHEN s.first_day <= ${to}::date THEN s.k ELSE 0 END AS hi) AS part`;
  return `${table} r JOIN ${splitDays(from, to, zone)} s ON s.day = r.day
          ${part}
          WHERE r.day BETWEEN ${from}::date - 1 AND ${to}::date + 1 ${extra}
            AND part.lo < part.hi${perDay ? ` AND part.local_day BETWEEN ${from}::date AND ${to}::date` : ''}`;
}
