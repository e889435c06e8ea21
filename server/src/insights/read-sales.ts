import type { Queryable } from '../db/db';
import { ORDER_FILTERS, rollupWhere, wholeStore, type InsightsFilter, type InsightsSource } from './insights-filter';
import { LOCAL_DAY, partOf, spreadDays } from './roll-up-days';
import { previousPeriod, type Period } from './insights-period';
import { share } from './read-funnel';

/** Sales figures of one currency; amounts in its minor units, never added to another currency's. */
export interface SalesFigures {
  readonly paid_orders: number;
  readonly revenue_minor: number;
  readonly refunded_orders: number;
  readonly refunded_minor: number;
  readonly disputed_orders: number;
  readonly disputed_minor: number;
  /** revenue − refunded − disputed. */
  readonly net_minor: number;
  /** revenue / paid orders, rounded to a whole minor unit (null without paid orders). */
  readonly average_order_minor: number | null;
  /** Paid orders that were the character's first paid order of the game, as a share of paid orders. */
  readonly first_purchase_share: number | null;
}

/** What sales are broken down by over the period. */
export const SALES_BREAKDOWNS = { game: 'game_id', bundle: 'product_id', pay_type: 'pay_type', code: 'discount_code' } as const;
export type SalesBreakdown = keyof typeof SALES_BREAKDOWNS;

const SUMS = `sum(paid)::text AS paid, sum(paid_minor)::text AS paid_minor, sum(first_paid)::text AS first_paid,
  sum(refunded)::text AS refunded, sum(refunded_minor)::text AS refunded_minor,
  sum(disputed)::text AS disputed, sum(disputed_minor)::text AS disputed_minor`;

interface SumRow {
  readonly currency: string;
  readonly paid: string;
  readonly paid_minor: string;
  readonly first_paid: string;
  readonly refunded: string;
  readonly refunded_minor: string;
  readonly disputed: string;
  readonly disputed_minor: string;
}

function figures(row: SumRow): SalesFigures {
  const paid = Number(row.paid);
  const revenue = Number(row.paid_minor);
  const refunded = Number(row.refunded_minor);
  const disputed = Number(row.disputed_minor);
  return {
    paid_orders: paid,
    revenue_minor: revenue,
    refunded_orders: Number(row.refunded),
    refunded_minor: refunded,
    disputed_orders: Number(row.disputed),
    disputed_minor: disputed,
    net_minor: revenue - refunded - disputed,
    average_order_minor: paid > 0 ? Math.round(revenue / paid) : null,
    first_purchase_share: share(Number(row.first_paid), paid),
  };
}

/** Rows with nothing sold, refunded or disputed are left out. */
const ANY = `HAVING sum(paid) + sum(refunded_minor) + sum(disputed) > 0`;

/** Sales per operator's day, game and currency (the CSV's rows). */
export async function readSalesDays(db: Queryable, period: Period, filter: InsightsFilter): Promise<({ readonly day: string; readonly game_id: number; readonly currency: string } & SalesFigures)[]> {
  const params: unknown[] = [];
  const { where, day } = rollupWhere(period, filter, ORDER_FILTERS, params);
  const rows = await db.query<SumRow & { day: string; game_id: number }>(
    `SELECT ${day}::text AS day, game_id, currency, ${SUMS} FROM insights_order_hours WHERE ${where}
      GROUP BY 1, 2, 3 ${ANY} ORDER BY 1, 2, 3`,
    params,
  );
  return rows.map((row) => ({ day: row.day, game_id: Number(row.game_id), currency: row.currency, ...figures(row) }));
}

/** SUMS over day rows spread onto operator's days. */
const DAY_SUMS = ['paid', 'paid_minor', 'first_paid', 'refunded', 'refunded_minor', 'disputed', 'disputed_minor']
  .map((m) => `sum(${partOf(m)})::text AS ${m}`)
  .join(', ');
const DAY_ANY = `HAVING sum(${partOf('paid')}) + sum(${partOf('refunded_minor')}) + sum(${partOf('disputed')}) > 0`;

/** Sales per currency over the period, per operator's day (`day`) or per breakdown, or in all. */
async function readByCurrency(db: Queryable, period: Period, filter: InsightsFilter, source: InsightsSource, by?: 'day' | SalesBreakdown): Promise<(SumRow & { key?: string; day?: string })[]> {
  const groups = by ? '1, 2' : '1';
  if (wholeStore(filter, source)) {
    // Every game: the day rollups of one breakdown (decision 277).
    const dimension = by === undefined || by === 'day' ? 'all' : by;
    const key = by === 'day' ? `${LOCAL_DAY}::text AS day, ` : by ? 'r.key AS key, ' : '';
    return db.query(
      `SELECT ${key}r.currency, ${DAY_SUMS}
         FROM ${spreadDays('insights_order_days', '$1', '$2', '$3', 'AND r.dimension = $4', by === 'day')}
        GROUP BY ${groups} ${DAY_ANY} ORDER BY ${groups}`,
      [period.from, period.to, period.timeZone, dimension],
    );
  }
  const params: unknown[] = [];
  const { where, day } = rollupWhere(period, filter, ORDER_FILTERS, params);
  const key = by === 'day' ? `${day}::text AS day, ` : by ? `${SALES_BREAKDOWNS[by]}::text AS key, ` : '';
  return db.query(`SELECT ${key}currency, ${SUMS} FROM insights_order_hours WHERE ${where} GROUP BY ${groups} ${ANY} ORDER BY ${groups}`, params);
}

export interface SalesAnswer {
  readonly period: Period;
  readonly previous_period: Period;
  /** The period's totals, one entry per currency, each beside the previous period's. */
  readonly currencies: readonly ({ readonly currency: string; readonly previous: SalesFigures | null } & SalesFigures)[];
  /** Per day and currency (days without sales left out): the chart's series, the table's rows. */
  readonly days: readonly ({ readonly day: string; readonly currency: string } & SalesFigures)[];
  readonly by: SalesBreakdown;
  /** The period's figures per game, bundle, pay method or code (`by`) and currency. */
  readonly breakdown: readonly ({ readonly key: string; readonly currency: string } & SalesFigures)[];
}

const SUM_FIELDS = ['paid', 'paid_minor', 'first_paid', 'refunded', 'refunded_minor', 'disputed', 'disputed_minor'] as const;

/** Rows added up per currency. */
function sumPerCurrency(rows: readonly SumRow[]): SumRow[] {
  const sums = new Map<string, Record<(typeof SUM_FIELDS)[number], number>>();
  for (const row of rows) {
    const sum = sums.get(row.currency) ?? { paid: 0, paid_minor: 0, first_paid: 0, refunded: 0, refunded_minor: 0, disputed: 0, disputed_minor: 0 };
    for (const field of SUM_FIELDS) sum[field] += Number(row[field]);
    sums.set(row.currency, sum);
  }
  return [...sums].map(([currency, sum]) => ({ currency, ...(Object.fromEntries(SUM_FIELDS.map((f) => [f, String(sum[f])])) as Omit<SumRow, 'currency'>) }));
}

/** Sales of a period per currency, per day and broken down by `by`, beside the period before. */
export async function readSales(db: Queryable, period: Period, filter: InsightsFilter, by: SalesBreakdown, source: InsightsSource = {}): Promise<SalesAnswer> {
  const previous = previousPeriod(period);
  const [earlier, days, breakdown] = await Promise.all([
    readByCurrency(db, previous, filter, source),
    readByCurrency(db, period, filter, source, 'day'),
    readByCurrency(db, period, filter, source, by),
  ]);
  // The period's totals are its days' together (every hour lies on one day): one read fewer.
  const totals = sumPerCurrency(days);
  const before = new Map(earlier.map((row) => [row.currency, figures(row)]));
  const currencies = [...new Set([...totals.map((row) => row.currency), ...before.keys()])].sort();
  const now = new Map(totals.map((row) => [row.currency, row]));
  const none: SumRow = { currency: '', paid: '0', paid_minor: '0', first_paid: '0', refunded: '0', refunded_minor: '0', disputed: '0', disputed_minor: '0' };
  return {
    period,
    previous_period: previous,
    currencies: currencies.map((currency) => ({ currency, ...figures(now.get(currency) ?? none), previous: before.get(currency) ?? null })),
    days: days.map((row) => ({ day: row.day!, currency: row.currency, ...figures(row) })),
    by,
    breakdown: breakdown.map((row) => ({ key: row.key!, currency: row.currency, ...figures(row) })),
  };
}
