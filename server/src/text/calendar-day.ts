/** Whether `day` is a calendar day written YYYY-MM-DD that exists (2026-02-28, not 2026-02-30 or 2026-2-28). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}
