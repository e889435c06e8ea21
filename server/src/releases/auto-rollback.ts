import type { HealthFigures, RollbackFigures } from '@topup/shared/types';
import type { Db } from '../db/db';
import { REMOTE_IDS } from '@topup/shared/contracts';
import type { ActivationRecord } from './registry-repo';
import type { RegistryService } from './registry-service';
import { autoRollbackOn, healthSince } from './release-health';
import type { ReleaseHealthSettings } from './health-settings';
import type { RegistryAudit } from './registry-repo';

import { oneProportionError, pooledProportionError, significantlyWorse, zScore } from './one-sided-test';

/** The one-sided critical value at α = 0.01: a version is rolled back only when it is worse with 99 % confidence. */
export { Z_CRITICAL } from './one-sided-test';

export type PolicySettings = Pick<ReleaseHealthSettings, 'minLoads' | 'maxFailureRate'>;

export interface Judgement {
  readonly rollBack: boolean;
  readonly figures: RollbackFigures;
  /** Why not, or why, in words for the history. */
  readonly because: string;
}

const rate = (figures: HealthFigures) => (figures.loads ? figures.failures / figures.loads : 0);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/**
 * Whether a new version fails so much more than the one before it that the store should undo it:
 * at least `minLoads` page loads, a failure rate above `maxFailureRate`, and worse than the previous
 * version by a one-sided two-proportion z-test (pooled) at α = 0.01. Without enough loads of the
 * previous version to compare with, the test is one-sample, against `maxFailureRate` itself.
 */
export function judge(candidate: HealthFigures, baseline: HealthFigures, settings: PolicySettings): Judgement {
  const p1 = rate(candidate);
  let z = 0;
  if (candidate.loads > 0) {
    if (baseline.loads >= settings.minLoads) {
      z = zScore(p1 - rate(baseline), pooledProportionError(candidate.failures, candidate.loads, baseline.failures, baseline.loads));
    } else {
      const p0 = settings.maxFailureRate;
      z = zScore(p1 - p0, oneProportionError(p0, candidate.loads));
    }
  }
  const figures: RollbackFigures = { candidate, baseline, z: Number.isFinite(z) ? Math.round(z * 100) / 100 : 99, threshold: settings.maxFailureRate, minLoads: settings.minLoads };
  const seen = `${candidate.failures} of ${candidate.loads} loads failed (${percent(p1)}); the previous version ${baseline.failures} of ${baseline.loads} (${percent(rate(baseline))}); z = ${figures.z}`;
  if (candidate.loads < settings.minLoads) return { rollBack: false, figures, because: `too few loads to judge: ${seen}` };
  if (p1 <= settings.maxFailureRate) return { rollBack: false, figures, because: `within ${percent(settings.maxFailureRate)}: ${seen}` };
  if (!significantlyWorse(z)) return { rollBack: false, figures, because: `not significantly worse than the previous version: ${seen}` };
  return { rollBack: true, figures, because: `automatic rollback: ${seen}` };
}

const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/**
 * Looks at every remote's new version — a canary, or a version activated for everyone less than
 * `windowMinutes` ago — and rolls back those `judge` condemns: a canary ends (its browsers get the
 * live version again), an activation goes back to the version before it. Each is recorded in the
 * history as `auto-rollback` with its figures. Apps whose switch is off are left alone.
 */
export async function watchReleases(db: Db, registry: RegistryService, settings: ReleaseHealthSettings, audit?: (app: string) => RegistryAudit, now = new Date()): Promise<ActivationRecord[]> {
  const done: ActivationRecord[] = [];
  const states = await registry.repo.liveStates();
  for (const app of REMOTE_IDS) {
    const state = states[app];
    if (!state || !(await autoRollbackOn(db, app))) continue;
    const change = (because: string, figures: RollbackFigures) => ({ actor: 'store (automatic rollback)', reason: because, figures, audit: audit?.(app) });
    if (state.canary) {
      if (Date.parse(state.canary.since) + settings.windowMinutes * 60_000 < now.getTime()) continue;
      const candidate = await healthSince(db, app, state.canary.version, state.canary.since);
      const baseline = await healthSince(db, app, state.version, minutesAfter(state.canary.since, -settings.windowMinutes));
      const verdict = judge(candidate, baseline, settings);
      if (verdict.rollBack) done.push(await registry.repo.setCanary(app, null, 0, 'auto-rollback', change(verdict.because, verdict.figures)));
      continue;
    }
    if (Date.parse(state.activatedAt) + settings.windowMinutes * 60_000 < now.getTime()) continue;
    const { previous } = await registry.repo.previousLive(app);
    if (!previous) continue;
    const candidate = await healthSince(db, app, state.version, state.activatedAt);
    const baseline = await healthSince(db, app, previous, minutesAfter(state.activatedAt, -settings.windowMinutes));
    const verdict = judge(candidate, baseline, settings);
    if (verdict.rollBack) done.push(await registry.repo.setLive(app, previous, 'auto-rollback', change(verdict.because, verdict.figures)));
  }
  return done;
}
