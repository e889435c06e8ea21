/** The answers of `/ops/api/insights/*` (docs/back-office.md, "Insights") and what the page makes of them. */

export interface InsightsPeriod {
  readonly from: string;
  readonly to: string;
  readonly timeZone: string;
}

export const FUNNEL_STEPS = ['page_loads', 'characters_confirmed', 'bundles_chosen', 'orders_placed', 'paid_orders', 'delivered_orders'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export interface FunnelAnswer {
  readonly period: InsightsPeriod;
  readonly previous_period: InsightsPeriod;
  readonly report_steps_narrowed: boolean;
  readonly steps: readonly {
    readonly step: FunnelStep;
    readonly count: number;
    readonly previous: number;
    readonly conversion: number | null;
    readonly previous_conversion: number | null;
    readonly dropped: number | null;
  }[];
  readonly days: readonly ({ readonly day: string } & Record<FunnelStep, number>)[];
}

export interface SalesFigures {
  readonly paid_orders: number;
  readonly revenue_minor: number;
  readonly refunded_orders: number;
  readonly refunded_minor: number;
  readonly disputed_orders: number;
  readonly disputed_minor: number;
  readonly net_minor: number;
  readonly average_order_minor: number | null;
  readonly first_purchase_share: number | null;
}

export const SALES_BREAKDOWNS = ['game', 'bundle', 'pay_type', 'code'] as const;
export type SalesBreakdown = (typeof SALES_BREAKDOWNS)[number];

export interface SalesAnswer {
  readonly period: InsightsPeriod;
  readonly previous_period: InsightsPeriod;
  readonly currencies: readonly ({ readonly currency: string; readonly previous: SalesFigures | null } & SalesFigures)[];
  readonly days: readonly ({ readonly day: string; readonly currency: string } & SalesFigures)[];
  readonly by: SalesBreakdown;
  readonly breakdown: readonly ({ readonly key: string; readonly currency: string } & SalesFigures)[];
}

export interface DeliveryFigures {
  readonly paid_orders: number;
  readonly delivered_orders: number;
  readonly failed_deliveries: number;
  readonly refunded_orders: number;
  readonly failure_rate: number | null;
  readonly refund_rate: number | null;
  readonly p50_ms: number | null;
  readonly p95_ms: number | null;
}

export interface DeliveryAnswer {
  readonly period: InsightsPeriod;
  readonly previous_period: InsightsPeriod;
  readonly games: readonly ({ readonly game_id: number; readonly previous: DeliveryFigures | null } & DeliveryFigures)[];
  readonly days: readonly ({ readonly day: string; readonly game_id: number } & DeliveryFigures)[];
}

/** What the operator narrows Insights to: the address's query (#/ops/insights?from=…), all strings. */
export const FILTERS = ['from', 'to', 'game_id', 'area', 'storefront', 'pay_type', 'discount_code'] as const;
export type Filter = (typeof FILTERS)[number];
export type Filters = Record<Filter, string>;

/** The operator's time zone, as the browser knows it (a day on the page is a day there). */
export function operatorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Today in a time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A day `days` after `day` (before, when negative), YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Every day from..to, both included (at most 731). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 731; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The period shown when the address names none: the last `days` days, today included. */
export function defaultPeriod(timeZone: string, days = 30, now = new Date()): { from: string; to: string } {
  const to = todayIn(timeZone, now);
  return { from: addDays(to, 1 - days), to };
}

/** The change from the period before as a fraction (0.25: +25 %), null when there was nothing before. */
export function changeOf(now: number | null, before: number | null | undefined): number | null {
  if (now === null || before === null || before === undefined || before === 0) return null;
  return (now - before) / Math.abs(before);
}

/** The API's query of the filters: empty values left out, the operator's time zone added. */
export function apiQuery(filters: Filters, timeZone: string, extra: Record<string, string> = {}): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of FILTERS) if (filters[name]) query[name] = filters[name];
  return { ...query, tz: timeZone, ...extra };
}

/** The currencies of the sales answer, each with its revenue per day of the period (0 on a day without). */
export function revenueSeries(sales: SalesAnswer, days: readonly string[]): { currency: string; revenue: number[]; net: number[] }[] {
  return sales.currencies.map(({ currency }) => {
    const of = new Map(sales.days.filter((d) => d.currency === currency).map((d) => [d.day, d]));
    return {
      currency,
      revenue: days.map((day) => of.get(day)?.revenue_minor ?? 0),
      net: days.map((day) => of.get(day)?.net_minor ?? 0),
    };
  });
}

/** Per game, its payment → delivered p95 per day in seconds (null on a day without deliveries). */
export function deliverySeries(delivery: DeliveryAnswer, days: readonly string[]): { gameId: number; p95: (number | null)[]; failure: (number | null)[] }[] {
  return delivery.games.map(({ game_id: gameId }) => {
    const of = new Map(delivery.days.filter((d) => d.game_id === gameId).map((d) => [d.day, d]));
    return {
      gameId,
      p95: days.map((day) => {
        const ms = of.get(day)?.p95_ms;
        return ms === null || ms === undefined ? null : ms / 1000;
      }),
      failure: days.map((day) => {
        const rate = of.get(day)?.failure_rate;
        return rate === null || rate === undefined ? null : Math.round(rate * 1000) / 10;
      }),
    };
  });
}
