import { OperationRefused } from '../domain-errors';
import { isCalendarDay } from '../text/calendar-day';

/** The longest period one question may cover, in days (two years: a chart of a year beside the one before). */
export const MAX_PERIOD_DAYS = 731;

/** Days from..to (operator's days, YYYY-MM-DD, both included) in an IANA time zone. */
export interface Period {
  readonly from: string;
  readonly to: string;
  readonly timeZone: string;
}

const DAY_MS = 86_400_000;

function dayNumber(day: string, field: string): number {
  if (!isCalendarDay(day)) throw new OperationRefused('invalid', `${field} must be a day as YYYY-MM-DD`, 'badFilter');
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function dayText(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** An IANA time zone name both JavaScript and PostgreSQL know ("UTC", "Asia/Seoul"). */
export function checkTimeZone(name: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(name)) throw new OperationRefused('invalid', 'tz must be a time zone name such as Asia/Seoul', 'badFilter');
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
  } catch {
    throw new OperationRefused('invalid', `${name} is not a time zone`, 'badFilter');
  }
}

/** The period asked for, checked: real days, from ≤ to, at most MAX_PERIOD_DAYS. */
export function periodOf(from: string, to: string, timeZone: string): Period {
  const first = dayNumber(from, 'from');
  const last = dayNumber(to, 'to');
  if (last < first) throw new OperationRefused('invalid', 'from must not be after to', 'badFilter');
  if (last - first + 1 > MAX_PERIOD_DAYS) throw new OperationRefused('invalid', `a period covers at most ${MAX_PERIOD_DAYS} days`, 'badFilter');
  return { from, to, timeZone: checkTimeZone(timeZone) };
}

/** The period of the same length just before (the comparison). */
export function previousPeriod(period: Period): Period {
  const first = dayNumber(period.from, 'from');
  const days = dayNumber(period.to, 'to') - first + 1;
  return { from: dayText(first - days), to: dayText(first - 1), timeZone: period.timeZone };
}

/** Every day of the period, in order. */
export function daysOf(period: Period): string[] {
  const first = dayNumber(period.from, 'from');
  const last = dayNumber(period.to, 'to');
  return Array.from({ length: last - first + 1 }, (_, i) => dayText(first + i));
}
