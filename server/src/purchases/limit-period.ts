/**
 * SQL: when the current period of a bundle's purchase limit began, by the database's clock, for the
 * SQL text `period` (a bundle's role_buy_limit_period, or a parameter): the start of today, of this
 * week (Monday) or of this month in UTC, or -infinity for 'ever'. A purchase counts in the period it
 * was paid in (an order held by a payment has its paid_at).
 */
export function limitPeriodStartSql(period: string): string {
  return `(CASE WHEN ${period} = 'ever' THEN '-infinity'::timestamptz
                ELSE date_trunc(${period}, now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' END)`;
}

/** SQL: whether an order (columns of `orders`, optionally qualified) was paid in the current period of `period`. */
export function paidInPeriodSql(period: string, order = ''): string {
  const column = (name: string) => (order ? `${order}.${name}` : name);
  return `coalesce(${column('paid_at')}, ${column('created_at')}) >= ${limitPeriodStartSql(period)}`;
}
