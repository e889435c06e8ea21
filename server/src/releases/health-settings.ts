import { positiveIntegerFrom } from '../config';

/** How the store watches each release in players' browsers, and when it undoes one by itself. */
export interface ReleaseHealthSettings {
  /** Share of page loads that report (`HEALTH_SAMPLE`, 0–1, default 1): handed to the pages. */
  readonly sample: number;
  /** Days the per-minute figures are kept (`HEALTH_KEEP_DAYS`, default 14). */
  readonly keepDays: number;
  /** Page loads a new version needs before the store judges it (`ROLLBACK_MIN_LOADS`, default 50). */
  readonly minLoads: number;
  /** Minutes after its start that a version is watched (`ROLLBACK_WINDOW_MINUTES`, default 30). */
  readonly windowMinutes: number;
  /** Failure rate above which a version may be rolled back (`ROLLBACK_MAX_FAILURE_RATE`, default 0.05). */
  readonly maxFailureRate: number;
  /** How often the store looks (`ROLLBACK_CHECK_SECONDS`, default 10). */
  readonly checkMs: number;
  /** Loads of one version one network (/24, /64) may add in a window (`HEALTH_LOADS_PER_NETWORK`, default 20). */
  readonly perNetwork: number;
  /** Minutes a page load's health token counts (`HEALTH_TOKEN_MINUTES`, default 15). */
  readonly tokenMinutes: number;
}

function fractionFrom(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > 1) throw new Error(`${name} must be a number from 0 to 1, got "${value}"`);
  return number;
}

export function loadReleaseHealthSettings(env: NodeJS.ProcessEnv = process.env): ReleaseHealthSettings {
  return {
    sample: fractionFrom('HEALTH_SAMPLE', env.HEALTH_SAMPLE, 1),
    keepDays: positiveIntegerFrom('HEALTH_KEEP_DAYS', env.HEALTH_KEEP_DAYS, 14),
    minLoads: positiveIntegerFrom('ROLLBACK_MIN_LOADS', env.ROLLBACK_MIN_LOADS, 50),
    windowMinutes: positiveIntegerFrom('ROLLBACK_WINDOW_MINUTES', env.ROLLBACK_WINDOW_MINUTES, 30),
    maxFailureRate: fractionFrom('ROLLBACK_MAX_FAILURE_RATE', env.ROLLBACK_MAX_FAILURE_RATE, 0.05),
    checkMs: positiveIntegerFrom('ROLLBACK_CHECK_SECONDS', env.ROLLBACK_CHECK_SECONDS, 10) * 1000,
    perNetwork: positiveIntegerFrom('HEALTH_LOADS_PER_NETWORK', env.HEALTH_LOADS_PER_NETWORK, 20),
    tokenMinutes: positiveIntegerFrom('HEALTH_TOKEN_MINUTES', env.HEALTH_TOKEN_MINUTES, 15),
  };
}
