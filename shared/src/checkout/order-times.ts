/**
 * The order pages' times, in the page's language with `Intl`: a 24-hour clock, always with the
 * date and the time zone ("Nov 20, 07:05 UTC", the year when it is not this one), so nobody has to
 * guess which day or which 07:05. A deadline the player must meet reads the same way (formatDeadline).
 */
export function formatOrderTime(iso: string | null | undefined, locale: string, now: Date = new Date(), timeZone?: string): string {
  return formatTime(iso, locale, (date) => date.getFullYear() !== now.getFullYear(), timeZone);
}

/** A deadline or a full timestamp (receipts): date, time and time zone. */
export function formatDeadline(iso: string | null | undefined, locale: string, timeZone?: string): string {
  return formatTime(iso, locale, () => true, timeZone);
}

function formatTime(iso: string | null | undefined, locale: string, withYear: (date: Date) => boolean, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    ...(withYear(date) ? { year: 'numeric' } : {}),
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    timeZone,
  }).format(date);
}
