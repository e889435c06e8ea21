/**
 * Insights for the back office (docs/back-office.md, "Insights"; decision 272): the funnel, sales per
 * currency and delivery health, read from hourly rollups (roll-up.ts, the only writer of the
 * insights_* tables) that a cluster chore keeps up to date; questions over every game read the day
 * rollups (roll-up-days.ts, decision 277).
 */
export { DELIVERY_BUCKET_BOUNDS_MS } from './delivery-buckets';
export { type InsightsFilter, type InsightsSource } from './insights-filter';
export { MAX_PERIOD_DAYS, periodOf, previousPeriod, type Period } from './insights-period';
export { readDeliveryHealth, type DeliveryAnswer } from './read-delivery';
export { FUNNEL_STEPS, readFunnel, readFunnelDays, type FunnelAnswer } from './read-funnel';
export { readSales, readSalesDays, SALES_BREAKDOWNS, type SalesAnswer, type SalesBreakdown } from './read-sales';
export { ROLLUP_LAG_MS, rollUpAndForgetReports, rollUpInsights, type RolledUp } from './roll-up';
