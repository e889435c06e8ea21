import type { Queryable } from '../db/db';
import { percentileOf } from './delivery-buckets';
import { ORDER_FILTERS, rollupWhere, wholeStore, type InsightsFilter, type InsightsSource } from './insights-filter';
import { ORDER_MEASURES, LOCAL_DAY, partOf, spreadDays } from './roll-up-days';
import { previousPeriod, type Period } from './insights-period';
import { share } from './read-funnel';

/** A game's delivery health over a period or a day. */
export interface DeliveryFigures {
  readonly paid_orders: number;
  readonly delivered_orders: number;
  readonly failed_deliveries: number;
  readonly refunded_orders: number;
  /** failed / (delivered + failed). */
  readonly failure_rate: number | null;
  /** refunded / paid, both counted in the period. */
  readonly refund_rate: number | null;
  /** Payment → delivered: at most so many ms for half / 95 % of the deliveries (null: none, or over a day). */
  readonly p50_ms: number | null;
  readonly p95_ms: number | null;
}

type Counts = { paid: number; delivered: number; failed: number; refunded: number; buckets: Map<number, number> };

type OrderRow = { day: string; game_id: number; paid: string; delivered: string; failed: string; refunded: string };
type TimeRow = { day: string; game_id: number; bucket: number; orders: string };

/** Every game's rows from the day rollups (decision 277): the same rows as the hourly ones give. */
function readDayRows(db: Queryable, period: Period, perDay: boolean): Promise<[OrderRow[], TimeRow[]]> {
  const params = [period.from, period.to, period.timeZone];
  const day = perDay ? `${LOCAL_DAY}::text` : `''`;
  // A game appears where the hours had a row: where any event was counted.
  const any = ORDER_MEASURES.filter((m) => !m.endsWith('_minor')).map((m) => `sum(${partOf(m)})`).join(' + ');
  return Promise.all([
    db.query<OrderRow>(
      `SELECT ${day} AS day, r.key::int AS game_id, sum(${partOf('paid')})::text AS paid, sum(${partOf('delivered')})::text AS delivered,
              sum(${partOf('delivery_failed')})::text AS failed, sum(${partOf('refunded')})::text AS refunded
         FROM ${spreadDays('insights_order_days', '$1', '$2', '$3', `AND r.dimension = 'game'`, perDay)}
        GROUP BY 1, 2 HAVING ${any} > 0`,
      params,
    ),
    db.query<TimeRow>(
      `SELECT ${day} AS day, r.game_id, r.bucket, sum(${partOf('orders')})::text AS orders
         FROM ${spreadDays('insights_delivery_days', '$1', '$2', '$3', '', perDay)}
        GROUP BY 1, 2, 3 HAVING sum(${partOf('orders')}) > 0`,
      params,
    ),
  ]);
}

async function readCounts(db: Queryable, period: Period, filter: InsightsFilter, perDay: boolean, source: InsightsSource): Promise<Map<string, Counts>> {
  const orderParams: unknown[] = [];
  const orders = rollupWhere(period, filter, ORDER_FILTERS, orderParams);
  const timeParams: unknown[] = [];
  const times = rollupWhere(period, filter, ORDER_FILTERS, timeParams);
  const dayOf = (sql: string) => (perDay ? `${sql}::text` : `''`);
  const [orderRows, timeRows] = wholeStore(filter, source) ? await readDayRows(db, period, perDay) : await Promise.all([
    db.query<{ day: string; game_id: number; paid: string; delivered: string; failed: string; refunded: string }>(
      `SELECT ${dayOf(orders.day)} AS day, game_id, sum(paid)::text AS paid, sum(delivered)::text AS delivered,
              sum(delivery_failed)::text AS failed, sum(refunded)::text AS refunded
         FROM insights_order_hours WHERE ${orders.where} GROUP BY 1, 2`,
      orderParams,
    ),
    db.query<{ day: string; game_id: number; bucket: number; orders: string }>(
      `SELECT ${dayOf(times.day)} AS day, game_id, bucket, sum(orders)::text AS orders
         FROM insights_delivery_hours WHERE ${times.where} GROUP BY 1, 2, 3`,
      timeParams,
    ),
  ]);
  const counts = new Map<string, Counts>();
  const entry = (day: string, gameId: number) => {
    const key = `${day}|${gameId}`;
    let found = counts.get(key);
    if (!found) counts.set(key, (found = { paid: 0, delivered: 0, failed: 0, refunded: 0, buckets: new Map() }));
    return found;
  };
  for (const row of orderRows) {
    const c = entry(row.day, Number(row.game_id));
    c.paid += Number(row.paid);
    c.delivered += Number(row.delivered);
    c.failed += Number(row.failed);
    c.refunded += Number(row.refunded);
  }
  for (const row of timeRows) {
    const c = entry(row.day, Number(row.game_id));
    c.buckets.set(Number(row.bucket), (c.buckets.get(Number(row.bucket)) ?? 0) + Number(row.orders));
  }
  return counts;
}

function figures(c: Counts): DeliveryFigures {
  return {
    paid_orders: c.paid,
    delivered_orders: c.delivered,
    failed_deliveries: c.failed,
    refunded_orders: c.refunded,
    failure_rate: share(c.failed, c.delivered + c.failed),
    refund_rate: share(c.refunded, c.paid),
    p50_ms: percentileOf(c.buckets, 0.5)?.atMostMs ?? null,
    p95_ms: percentileOf(c.buckets, 0.95)?.atMostMs ?? null,
  };
}

const split = (key: string) => {
  const [day, game] = key.split('|');
  return { day: day!, game_id: Number(game) };
};

export interface DeliveryAnswer {
  readonly period: Period;
  readonly previous_period: Period;
  /** Per game over the period, beside the period before. */
  readonly games: readonly ({ readonly game_id: number; readonly previous: DeliveryFigures | null } & DeliveryFigures)[];
  /** Per day and game: the chart's series (a failing game server shows as its failure rate and p95 rising). */
  readonly days: readonly ({ readonly day: string; readonly game_id: number } & DeliveryFigures)[];
}

/** Delivery health per game: payment → delivered p50/p95, failure and refund rates. */
export async function readDeliveryHealth(db: Queryable, period: Period, filter: InsightsFilter, source: InsightsSource = {}): Promise<DeliveryAnswer> {
  const previous = previousPeriod(period);
  const [before, days] = await Promise.all([readCounts(db, previous, filter, false, source), readCounts(db, period, filter, true, source)]);
  // The period's figures are its days' together (every hour lies on one day): one read fewer.
  const now = new Map<string, Counts>();
  for (const [key, c] of days) {
    const gameKey = `|${split(key).game_id}`;
    const total = now.get(gameKey) ?? { paid: 0, delivered: 0, failed: 0, refunded: 0, buckets: new Map<number, number>() };
    total.paid += c.paid;
    total.delivered += c.delivered;
    total.failed += c.failed;
    total.refunded += c.refunded;
    for (const [bucket, orders] of c.buckets) total.buckets.set(bucket, (total.buckets.get(bucket) ?? 0) + orders);
    now.set(gameKey, total);
  }
  const earlier = new Map([...before].map(([key, c]) => [split(key).game_id, figures(c)]));
  return {
    period,
    previous_period: previous,
    games: [...now]
      .map(([key, c]) => ({ game_id: split(key).game_id, ...figures(c), previous: earlier.get(split(key).game_id) ?? null }))
      .sort((a, b) => a.game_id - b.game_id),
    days: [...days]
      .map(([key, c]) => ({ ...split(key), ...figures(c) }))
      .sort((a, b) => a.day.localeCompare(b.day) || a.game_id - b.game_id),
  };
}
