import type { ExperimentBonusItem, ExperimentGuardrail } from '@topup/shared/types';
import type { Queryable } from '../db/db';
import { CONTROL, type VariantShare } from './assignment';

/**
 * Offer experiments' data (decision 308, migration 095): this module alone writes the tables
 * offer_experiments, offer_experiment_variants, offer_experiment_visits and offer_experiment_conversions.
 */

export type Guardrail = ExperimentGuardrail;
export type ExperimentItem = ExperimentBonusItem;

export interface ExperimentVariant extends VariantShare {
  readonly percentOff: number;
  readonly bonusItems: readonly ExperimentItem[];
  readonly stoppedWhy: string;
}

export interface OfferExperiment {
  readonly experimentId: string;
  readonly gameId: number;
  readonly area: string;
  readonly productId: string;
  readonly guardrail: Guardrail;
  readonly minVisitors: number;
  readonly state: 'running' | 'stopped';
  readonly stoppedWhy: string;
  /** In their order: the control first. */
  readonly variants: readonly ExperimentVariant[];
}

export interface ExperimentDefinition {
  readonly experimentId: string;
  readonly gameId: number;
  readonly area: string;
  readonly productId: string;
  readonly guardrail: Guardrail;
  readonly minVisitors?: number;
  readonly variants: readonly { readonly variant: string; readonly share: number; readonly percentOff?: number; readonly bonusItems?: readonly ExperimentItem[] }[];
}

/** What is wrong with a definition, or null: a control with nothing off, two variants at least, shares adding up to 100. */
export function definitionProblem(definition: ExperimentDefinition): string | null {
  const [first, ...others] = definition.variants;
  if (!first || first.variant !== CONTROL) return 'the first variant must be "control"';
  if ((first.percentOff ?? 0) !== 0 || (first.bonusItems ?? []).length > 0) return 'the control is the catalogue offer: nothing off, no bonus items';
  if (others.length === 0) return 'an experiment needs a variant besides the control';
  if (new Set(definition.variants.map((entry) => entry.variant)).size !== definition.variants.length) return 'two variants have the same name';
  if (definition.variants.reduce((sum, entry) => sum + entry.share, 0) !== 100) return 'the shares must add up to 100';
  if (others.some((entry) => (entry.percentOff ?? 0) === 0 && (entry.bonusItems ?? []).length === 0)) return 'each variant must change the price or add bonus items';
  return null;
}

/** Starts an experiment (one running per bundle: the database refuses a second). */
export async function startExperiment(tx: Queryable, definition: ExperimentDefinition): Promise<void> {
  const problem = definitionProblem(definition);
  if (problem) throw new Error(problem);
  await tx.query(
    `INSERT INTO offer_experiments (experiment_id, game_id, area, product_id, guardrail, min_visitors) VALUES ($1, $2, $3, $4, $5, $6)`,
    [definition.experimentId, definition.gameId, definition.area, definition.productId, definition.guardrail, definition.minVisitors ?? 200],
  );
  for (const entry of definition.variants) {
    await tx.query(
      `INSERT INTO offer_experiment_variants (experiment_id, variant, share, percent_off, bonus_items) VALUES ($1, $2, $3, $4, $5::jsonb)`,
      [definition.experimentId, entry.variant, entry.share, entry.percentOff ?? 0, JSON.stringify(entry.bonusItems ?? [])],
    );
  }
}

interface ExperimentRow {
  readonly experiment_id: string;
  readonly game_id: number;
  readonly area: string;
  readonly product_id: string;
  readonly guardrail: Guardrail;
  readonly min_visitors: number;
  readonly state: 'running' | 'stopped';
  readonly stopped_why: string;
}

interface VariantRow {
  readonly experiment_id: string;
  readonly variant: string;
  readonly share: number;
  readonly percent_off: number;
  readonly bonus_items: ExperimentItem[];
  readonly stopped_at: Date | null;
  readonly stopped_why: string;
}

async function withVariants(db: Queryable, rows: readonly ExperimentRow[]): Promise<OfferExperiment[]> {
  if (rows.length === 0) return [];
  const variants = await db.query<VariantRow>(
    `SELECT experiment_id, variant, share, percent_off, bonus_items, stopped_at, stopped_why FROM offer_experiment_variants
      WHERE experiment_id = ANY($1::text[]) ORDER BY experiment_id, (variant <> 'control'), variant COLLATE "C"`,
    [rows.map((row) => row.experiment_id)],
  );
  return rows.map((row) => ({
    experimentId: row.experiment_id,
    gameId: row.game_id,
    area: row.area,
    productId: row.product_id,
    guardrail: row.guardrail,
    minVisitors: row.min_visitors,
    state: row.state,
    stoppedWhy: row.stopped_why,
    variants: variants
      .filter((entry) => entry.experiment_id === row.experiment_id)
      .map((entry) => ({ variant: entry.variant, share: entry.share, percentOff: entry.percent_off, bonusItems: entry.bonus_items, stopped: entry.stopped_at !== null, stoppedWhy: entry.stopped_why })),
  }));
}

const COLUMNS = 'experiment_id, game_id, area, product_id, guardrail, min_visitors, state, stopped_why';

/** The latest experiments, running or stopped, newest first (the back office's results). */
export async function latestExperiments(db: Queryable, limit = 100): Promise<OfferExperiment[]> {
  return withVariants(db, await db.query<ExperimentRow>(`SELECT ${COLUMNS} FROM offer_experiments ORDER BY created_at DESC, experiment_id LIMIT $1`, [limit]));
}

/** Every running experiment. */
export async function runningExperiments(db: Queryable): Promise<OfferExperiment[]> {
  return withVariants(db, await db.query<ExperimentRow>(`SELECT ${COLUMNS} FROM offer_experiments WHERE state = 'running' ORDER BY experiment_id`));
}

/** The running experiment of a bundle, or null (no experiment: the catalogue's price, as ever). */
export async function runningExperimentOf(db: Queryable, gameId: number, area: string, productId: string): Promise<OfferExperiment | null> {
  const rows = await db.query<ExperimentRow>(`SELECT ${COLUMNS} FROM offer_experiments WHERE state = 'running' AND game_id = $1 AND area = $2 AND product_id = $3`, [gameId, area, productId]);
  return (await withVariants(db, rows))[0] ?? null;
}

export async function findExperiment(db: Queryable, experimentId: string): Promise<OfferExperiment | null> {
  return (await withVariants(db, await db.query<ExperimentRow>(`SELECT ${COLUMNS} FROM offer_experiments WHERE experiment_id = $1`, [experimentId])))[0] ?? null;
}

/** A visitor saw the experiment's bundle with its variant: counted once per experiment, at the first sight. */
export async function recordVisit(db: Queryable, experimentId: string, visitor: string, variant: string): Promise<void> {
  await db.query(`INSERT INTO offer_experiment_visits (experiment_id, visitor, variant) VALUES ($1, $2, $3) ON CONFLICT (experiment_id, visitor) DO NOTHING`, [experimentId, visitor, variant]);
}

/** A paid order of a visitor with the variant it was priced with: counted once per order. */
export async function recordConversion(db: Queryable, conversion: { experimentId: string; visitor: string; variant: string; orderId: string; amountMinor: number }): Promise<void> {
  await db.query(
    `INSERT INTO offer_experiment_conversions (order_id, experiment_id, visitor, variant, amount_minor) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (order_id) DO NOTHING`,
    [conversion.orderId, conversion.experimentId, conversion.visitor, conversion.variant, conversion.amountMinor],
  );
}

/**
 * What became of a converted order's sale, as the orders module tells it after a refund or a dispute:
 * `undone` when it was refunded as a whole or disputed (no conversion any more), `refundedMinor` the parts
 * given back so far (out of its revenue). It sets the sale's whole state, so telling it twice is harmless;
 * an order that was no experiment's conversion changes nothing.
 */
export async function settleConversion(tx: Queryable, orderId: string, sale: { readonly undone: boolean; readonly refundedMinor: number }): Promise<void> {
  await tx.query(
    `UPDATE offer_experiment_conversions
        SET undone_at = CASE WHEN $2 THEN coalesce(undone_at, now()) END, refunded_minor = greatest(0, $3::bigint)
      WHERE order_id = $1`,
    [orderId, sale.undone, sale.refundedMinor],
  );
}

/**
 * One variant's figures, by the variant each visitor was first shown (its converted visitors and their
 * revenue). A sale refunded as a whole or disputed is no conversion; a part given back leaves the revenue.
 */
export interface VariantFigures {
  readonly variant: string;
  readonly visitors: number;
  readonly converted: number;
  /** Minor units of the area's currency. */
  readonly revenue: number;
  /** The sum over visitors of the square of each one's revenue: the revenue per visitor's spread. */
  readonly revenueSquares: number;
}

export async function experimentFigures(db: Queryable, experimentId: string): Promise<VariantFigures[]> {
  const rows = await db.query<{ variant: string; visitors: number; converted: number; revenue: number; revenue_squares: number }>(
    `SELECT v.variant, count(*)::int AS visitors, count(c.visitor)::int AS converted,
            coalesce(sum(c.revenue), 0)::float8 AS revenue, coalesce(sum(c.revenue * c.revenue), 0)::float8 AS revenue_squares
       FROM offer_experiment_visits v
       LEFT JOIN (SELECT visitor, sum(greatest(0, amount_minor - refunded_minor))::float8 AS revenue
                    FROM offer_experiment_conversions WHERE experiment_id = $1 AND undone_at IS NULL GROUP BY visitor) c
         ON c.visitor = v.visitor
      WHERE v.experiment_id = $1
      GROUP BY v.variant ORDER BY (v.variant <> 'control'), v.variant COLLATE "C"`,
    [experimentId],
  );
  return rows.map((row) => ({ variant: row.variant, visitors: row.visitors, converted: row.converted, revenue: Number(row.revenue), revenueSquares: Number(row.revenue_squares) }));
}

/** Stops one variant (its visitors see the control from now on); false when it was stopped already. */
export async function stopVariant(tx: Queryable, experimentId: string, variant: string, why: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE offer_experiment_variants SET stopped_at = now(), stopped_why = $3 WHERE experiment_id = $1 AND variant = $2 AND variant <> 'control' AND stopped_at IS NULL RETURNING variant`,
    [experimentId, variant, why],
  );
  return rows.length === 1;
}

/** Stops a whole experiment: every visitor sees the catalogue's offer again. False when it was not running. */
export async function stopExperiment(tx: Queryable, experimentId: string, why: string): Promise<boolean> {
  const rows = await tx.query(`UPDATE offer_experiments SET state = 'stopped', stopped_at = now(), stopped_why = $2 WHERE experiment_id = $1 AND state = 'running' RETURNING experiment_id`, [experimentId, why]);
  return rows.length === 1;
}
