import type { Settings } from '../settings/settings-schema';

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

/** The release-health settings of the checked settings. */
export function releaseHealthFrom(settings: Settings): ReleaseHealthSettings {
  return {
    sample: settings.HEALTH_SAMPLE,
    keepDays: settings.HEALTH_KEEP_DAYS,
    minLoads: settings.ROLLBACK_MIN_LOADS,
    windowMinutes: settings.ROLLBACK_WINDOW_MINUTES,
    maxFailureRate: settings.ROLLBACK_MAX_FAILURE_RATE,
    checkMs: settings.ROLLBACK_CHECK_SECONDS * 1000,
    perNetwork: settings.HEALTH_LOADS_PER_NETWORK,
    tokenMinutes: settings.HEALTH_TOKEN_MINUTES,
  };
}

