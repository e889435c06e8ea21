import type { Queryable } from '../db/db';
import { narrowsBeyondReports, ORDER_FILTERS, REPORT_FILTERS, rollupWhere, wholeStore, type InsightsFilter, type InsightsSource } from './insights-filter';
import { LOCAL_DAY, partOf, spreadDays } from './roll-up-days';
import { daysOf, previousPeriod, type Period } from './insights-period';

/** The funnel's steps, in order: three from the pages' reports (sessions), three from orders. */
export const FUNNEL_STEPS = ['page_loads', 'characters_confirmed', 'bundles_chosen', 'orders_placed', 'paid_orders', 'delivered_orders'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Which report type each report step counts (1 page load, 4 character confirmed, 3 purchase intent). */
const REPORT_TYPE_OF: Partial<Record<FunnelStep, number>> = { page_loads: 1, characters_confirmed: 4, bundles_chosen: 3 };

export type FunnelCounts = Record<FunnelStep, number>;
export type FunnelDay = { readonly day: string; readonly game_id: number } & FunnelCounts;

const zero = (): FunnelCounts => Object.fromEntries(FUNNEL_STEPS.map((step) => [step, 0])) as FunnelCounts;

/** The funnel's counts per operator's day and game of a period (every day and game with a count). */
export async function readFunnelDays(db: Queryable, period: Period, filter: InsightsFilter): Promise<FunnelDay[]> {
  const reportParams: unknown[] = [];
  const reports = rollupWhere(period, filter, REPORT_FILTERS, reportParams);
  const orderParams: unknown[] = [];
  const orders = rollupWhere(period, filter, ORDER_FILTERS, orderParams);
  const [reportRows, orderRows] = await Promise.all([
    db.query<{ day: string; game_id: number; report_type: number; sessions: string }>(
      `SELECT ${reports.day}::text AS day, game_id, report_type, sum(sessions)::text AS sessions
         FROM insights_report_hours WHERE ${reports.where} AND report_type IN (1, 3, 4)
        GROUP BY 1, 2, 3`,
      reportParams,
    ),
    db.query<{ day: string; game_id: number; placed: string; paid: string; delivered: string }>(
      `SELECT ${orders.day}::text AS day, game_id, sum(placed)::text AS placed, sum(paid)::text AS paid, sum(delivered)::text AS delivered
         FROM insights_order_hours WHERE ${orders.where}
        GROUP BY 1, 2 HAVING sum(placed) + sum(paid) + sum(delivered) > 0`,
      orderParams,
    ),
  ]);
  const byKey = new Map<string, { day: string; game_id: number } & FunnelCounts>();
  const entry = (day: string, gameId: number) => {
    const key = `${day}|${gameId}`;
    let found = byKey.get(key);
    if (!found) byKey.set(key, (found = { day, game_id: gameId, ...zero() }));
    return found;
  };
  for (const row of reportRows) {
    const step = FUNNEL_STEPS.find((s) => REPORT_TYPE_OF[s] === Number(row.report_type));
    if (step) entry(row.day, Number(row.game_id))[step] += Number(row.sessions);
  }
  for (const row of orderRows) {
    const counts = entry(row.day, Number(row.game_id));
    counts.orders_placed += Number(row.placed);
    counts.paid_orders += Number(row.paid);
    counts.delivered_orders += Number(row.delivered);
  }
  return [...byKey.values()].sort((a, b) => a.day.localeCompare(b.day) || a.game_id - b.game_id);
}

/** The funnel's counts per operator's day of every game together (game_id 0), from the day rollups. */
async function readFunnelDaysOfStore(db: Queryable, period: Period): Promise<FunnelDay[]> {
  const params = [period.from, period.to, period.timeZone];
  const [reportRows, orderRows] = await Promise.all([
    db.query<{ day: string; report_type: number; sessions: string }>(
      `SELECT ${LOCAL_DAY}::text AS day, r.report_type, sum(${partOf('sessions')})::text AS sessions
         FROM ${spreadDays('insights_report_days', '$1', '$2', '$3', '', true)} GROUP BY 1, 2`,
      params,
    ),
    db.query<{ day: string; placed: string; paid: string; delivered: string }>(
      `SELECT ${LOCAL_DAY}::text AS day, sum(${partOf('placed')})::text AS placed, sum(${partOf('paid')})::text AS paid,
              sum(${partOf('delivered')})::text AS delivered
         FROM ${spreadDays('insights_order_days', '$1', '$2', '$3', `AND r.dimension = 'all'`, true)} GROUP BY 1`,
      params,
    ),
  ]);
  const byDay = new Map<string, FunnelDay & FunnelCounts>();
  const entry = (day: string) => {
    let found = byDay.get(day);
    if (!found) byDay.set(day, (found = { day, game_id: 0, ...zero() }));
    return found;
  };
  for (const row of reportRows) {
    const step = FUNNEL_STEPS.find((s) => REPORT_TYPE_OF[s] === Number(row.report_type));
    if (step) entry(row.day)[step] += Number(row.sessions);
  }
  for (const row of orderRows) {
    const counts = entry(row.day);
    counts.orders_placed += Number(row.placed);
    counts.paid_orders += Number(row.paid);
    counts.delivered_orders += Number(row.delivered);
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

function total(days: readonly FunnelDay[]): FunnelCounts {
  const sum = zero();
  for (const day of days) for (const step of FUNNEL_STEPS) sum[step] += day[step];
  return sum;
}

/** A share as a fraction with four decimals; null when there is nothing to divide by. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;
}

export interface FunnelAnswer {
  readonly period: Period;
  readonly previous_period: Period;
  /** Pay method, code or bundle filters narrow the order steps only: reports do not know them. */
  readonly report_steps_narrowed: boolean;
  readonly steps: readonly {
    readonly step: FunnelStep;
    readonly count: number;
    readonly previous: number;
    /** count / the step before's count (null for the first step or when that was 0). */
    readonly conversion: number | null;
    readonly previous_conversion: number | null;
    /** How many of the step before did not reach this one (negative when more did). */
    readonly dropped: number | null;
  }[];
  /** Every day of the period with each step's count (all games): the chart's series, the table's rows. */
  readonly days: readonly ({ readonly day: string } & FunnelCounts)[];
}

/** The funnel of a period beside the period before it. */
export async function readFunnel(db: Queryable, period: Period, filter: InsightsFilter, source: InsightsSource = {}): Promise<FunnelAnswer> {
  const previous = previousPeriod(period);
  const read = (p: Period) => (wholeStore(filter, source) ? readFunnelDaysOfStore(db, p) : readFunnelDays(db, p, filter));
  const [now, before] = await Promise.all([read(period), read(previous)]);
  const current = total(now);
  const earlier = total(before);
  const perDay = new Map(daysOf(period).map((day) => [day, { day, ...zero() }]));
  for (const row of now) {
    const day = perDay.get(row.day);
    if (day) for (const step of FUNNEL_STEPS) day[step] += row[step];
  }
  return {
    period,
    previous_period: previous,
    report_steps_narrowed: !narrowsBeyondReports(filter),
    steps: FUNNEL_STEPS.map((step, i) => {
      const before = FUNNEL_STEPS[i - 1];
      return {
        step,
        count: current[step],
        previous: earlier[step],
        conversion: before ? share(current[step], current[before]) : null,
        previous_conversion: before ? share(earlier[step], earlier[before]) : null,
        dropped: before ? current[before] - current[step] : null,
      };
    }),
    days: [...perDay.values()],
  };
}
