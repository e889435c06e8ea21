import type { ExperimentResults } from '@topup/shared/types';
import type { Queryable } from '../db/db';
import { meansDifferenceError, pooledProportionError, significantlyWorse, Z_INTERVAL_95, zScore } from '../releases/one-sided-test';
import { CONTROL } from './assignment';
import { experimentFigures, latestExperiments, runningExperiments, stopExperiment, stopVariant, type Guardrail, type OfferExperiment, type VariantFigures } from './offer-experiments';

/**
 * The experiments' guardrail (decision 308): a variant is stopped when it is worse than the control
 * on the experiment's metric with 99 % confidence, by the canary policy's one-sided test
 * (`releases/one-sided-test.ts`), once both have `minVisitors` visitors.
 */

/** Conversion (converted visitors ÷ visitors) and revenue per visitor, with their 95 % intervals. */
export interface VariantResult extends VariantFigures {
  readonly conversion: number;
  readonly conversionInterval: readonly [number, number];
  readonly revenuePerVisitor: number;
  readonly revenuePerVisitorInterval: readonly [number, number];
}

const revenueVariance = (figures: VariantFigures): number => {
  if (figures.visitors < 2) return 0;
  const mean = figures.revenue / figures.visitors;
  return Math.max(0, (figures.revenueSquares - figures.visitors * mean * mean) / (figures.visitors - 1));
};

export function variantResult(figures: VariantFigures): VariantResult {
  const n = figures.visitors;
  const conversion = n ? figures.converted / n : 0;
  const conversionHalf = n ? Z_INTERVAL_95 * Math.sqrt((conversion * (1 - conversion)) / n) : 0;
  const revenuePerVisitor = n ? figures.revenue / n : 0;
  const revenueHalf = n ? Z_INTERVAL_95 * Math.sqrt(revenueVariance(figures) / n) : 0;
  return {
    ...figures,
    conversion,
    conversionInterval: [Math.max(0, conversion - conversionHalf), Math.min(1, conversion + conversionHalf)],
    revenuePerVisitor,
    revenuePerVisitorInterval: [Math.max(0, revenuePerVisitor - revenueHalf), revenuePerVisitor + revenueHalf],
  };
}

export interface VariantVerdict {
  readonly stop: boolean;
  /** How far below the control, in standard errors (positive: the variant does worse). */
  readonly z: number;
  readonly because: string;
}

/** Whether `variant` loses against `control` on `guardrail` with significance. */
export function judgeVariant(variant: VariantFigures, control: VariantFigures, guardrail: Guardrail, minVisitors: number): VariantVerdict {
  const mine = variantResult(variant);
  const theirs = variantResult(control);
  const z =
    guardrail === 'conversion'
      ? zScore(theirs.conversion - mine.conversion, pooledProportionError(control.converted, control.visitors, variant.converted, variant.visitors))
      : zScore(theirs.revenuePerVisitor - mine.revenuePerVisitor, meansDifferenceError(revenueVariance(control), control.visitors, revenueVariance(variant), variant.visitors));
  const shownZ = Number.isFinite(z) ? Math.round(z * 100) / 100 : 99;
  const figures =
    guardrail === 'conversion'
      ? `conversion ${(mine.conversion * 100).toFixed(1)} % of ${variant.visitors} visitors against the control's ${(theirs.conversion * 100).toFixed(1)} % of ${control.visitors}; z = ${shownZ}`
      : `revenue per visitor ${mine.revenuePerVisitor.toFixed(2)} over ${variant.visitors} visitors against the control's ${theirs.revenuePerVisitor.toFixed(2)} over ${control.visitors} (minor units); z = ${shownZ}`;
  if (variant.visitors < minVisitors || control.visitors < minVisitors) return { stop: false, z: shownZ, because: `too few visitors to judge: ${figures}` };
  if (!significantlyWorse(z)) return { stop: false, z: shownZ, because: `not significantly worse than the control: ${figures}` };
  return { stop: true, z: shownZ, because: `stopped by the guardrail: ${figures}` };
}

/** A variant the guardrail stopped, as recorded. */
export interface StoppedVariant {
  readonly experimentId: string;
  readonly variant: string;
  readonly guardrail: Guardrail;
  readonly z: number;
  readonly because: string;
  /** Every variant besides the control is stopped: the experiment ended with it. */
  readonly experimentEnded: boolean;
}

/** What recording a stop writes (the audit row), in the stop's transaction: both commit, or neither. */
export type RecordStop = (tx: Queryable, stopped: StoppedVariant, experiment: OfferExperiment) => Promise<void>;

/**
 * The guardrail's chore, run once per period for the whole cluster (`runClusterChore`): every running
 * experiment's live variants are judged against its control; each loser is stopped and recorded.
 */
export async function evaluateExperiments(tx: Queryable, record: RecordStop): Promise<StoppedVariant[]> {
  const done: StoppedVariant[] = [];
  for (const experiment of await runningExperiments(tx)) {
    const figures = await experimentFigures(tx, experiment.experimentId);
    const control = figures.find((entry) => entry.variant === CONTROL) ?? { variant: CONTROL, visitors: 0, converted: 0, revenue: 0, revenueSquares: 0 };
    const live = new Set(experiment.variants.filter((entry) => entry.variant !== CONTROL && !entry.stopped).map((entry) => entry.variant));
    for (const entry of figures) {
      if (!live.has(entry.variant)) continue;
      const verdict = judgeVariant(entry, control, experiment.guardrail, experiment.minVisitors);
      if (!verdict.stop || !(await stopVariant(tx, experiment.experimentId, entry.variant, verdict.because))) continue;
      live.delete(entry.variant);
      const experimentEnded = live.size === 0 && (await stopExperiment(tx, experiment.experimentId, `every variant was stopped by the guardrail; the last: ${entry.variant}`));
      const stopped: StoppedVariant = { experimentId: experiment.experimentId, variant: entry.variant, guardrail: experiment.guardrail, z: verdict.z, because: verdict.because, experimentEnded };
      await record(tx, stopped, experiment);
      done.push(stopped);
    }
  }
  return done;
}

export type { ExperimentResults };

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The latest experiments with every variant's figures (a variant nobody saw yet shows zeros). */
export async function readExperimentResults(db: Queryable): Promise<ExperimentResults[]> {
  const answers: ExperimentResults[] = [];
  for (const experiment of await latestExperiments(db)) {
    const figures = await experimentFigures(db, experiment.experimentId);
    answers.push({
      experiment_id: experiment.experimentId,
      game_id: experiment.gameId,
      area: experiment.area,
      product_id: experiment.productId,
      guardrail: experiment.guardrail,
      min_visitors: experiment.minVisitors,
      state: experiment.state,
      stopped_why: experiment.stoppedWhy,
      variants: experiment.variants.map((entry) => {
        const result = variantResult(figures.find((row) => row.variant === entry.variant) ?? { variant: entry.variant, visitors: 0, converted: 0, revenue: 0, revenueSquares: 0 });
        return {
          variant: entry.variant,
          share: entry.share,
          percent_off: entry.percentOff,
          bonus_items: entry.bonusItems,
          stopped: entry.stopped,
          stopped_why: entry.stoppedWhy,
          visitors: result.visitors,
          converted: result.converted,
          revenue_minor: result.revenue,
          conversion: round(result.conversion, 4),
          conversion_interval: [round(result.conversionInterval[0], 4), round(result.conversionInterval[1], 4)],
          revenue_per_visitor: round(result.revenuePerVisitor, 2),
          revenue_per_visitor_interval: [round(result.revenuePerVisitorInterval[0], 2), round(result.revenuePerVisitorInterval[1], 2)],
        };
      }),
    });
  }
  return answers;
}
