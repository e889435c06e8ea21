import type { Locale } from '@topup/shared/rules';

/** "14:05:09" (today) or "3 Jan, 14:05" in the page's language, on a 24-hour clock. */
export function formatTime(iso: string | null, locale: Locale, now: Date = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }
    : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return new Intl.DateTimeFormat(locale, options).format(date);
}
