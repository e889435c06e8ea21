/**
 * The order pages' times, in the page's language with `Intl`: a 24-hour clock, the date when it is
 * not today, and, for a deadline the player must meet, the date and the time zone always
 * ("Pay before 23 Nov 2026, 15:03 GMT+9"), so nobody has to guess which 15:03.
 */
export function formatOrderTime(iso: string | null | undefined, locale: string, now: Date = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }
    : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return new Intl.DateTimeFormat(locale, options).format(date);
}

/** A deadline or a full timestamp (receipts): date, time and time zone. */
export function formatDeadline(iso: string | null | undefined, locale: string, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    timeZone,
  }).format(date);
}
