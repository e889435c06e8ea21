/**
 * When to try again after a failed attempt, or null to give up. `attempt` is the number of the
 * attempt that just failed (1 for the first); the wait after it is `schedule[attempt - 1]`, the
 * last wait repeating; no attempt is planned later than `giveUpAfterMs` after the first one.
 *
 * Defaults (10s, 30s, 2m, 10m, 30m, 1h; 24h): attempts at 0, 10 s, 40 s, 2 min 40 s,
 * 12 min 40 s, 42 min 40 s, then every hour — 29 attempts in all, the last 23 h 42 min 40 s
 * after the first.
 */
export function nextAttemptAt(
  schedule: readonly number[],
  attempt: number,
  firstAttemptAt: Date,
  now: Date,
  giveUpAfterMs: number,
): Date | null {
  const wait = schedule[Math.min(Math.max(attempt, 1), schedule.length) - 1] ?? 0;
  const next = now.getTime() + wait;
  if (next - firstAttemptAt.getTime() > giveUpAfterMs) return null;
  return new Date(next);
}

/** Every attempt time of a job that always fails, from 0: for documentation and tests. */
export function attemptTimes(schedule: readonly number[], giveUpAfterMs: number): number[] {
  const times = [0];
  for (;;) {
    const next = nextAttemptAt(schedule, times.length, new Date(0), new Date(times[times.length - 1]!), giveUpAfterMs);
    if (!next) return times;
    times.push(next.getTime());
  }
}
