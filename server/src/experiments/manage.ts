import type { ExperimentArea, ExperimentBundle, NewExperiment } from '@topup/shared/types';
import { currencyCode } from '@topup/shared/rules';
import type { Catalogue, CatalogueBundle } from '../catalogue/catalogue';
import { findGameArea } from '../catalogue/catalogue';
import { onSale } from '../catalogue/sale-window';
import type { Db, Queryable } from '../db/db';
import { OperationRefused } from '../domain-errors';
import { CONTROL } from './assignment';
import { findExperiment, runningExperimentOf, startExperiment, stopExperiment, stopVariant, type Guardrail, type OfferExperiment } from './offer-experiments';

/**
 * The back office's management of offer experiments (decision 310): the bundles one may run on, a
 * definition checked against the catalogue before it starts, and an operator's stop of a variant or of
 * the whole experiment. The tables stay written by `offer-experiments.ts` alone.
 */

export const GUARDRAILS: readonly Guardrail[] = ['revenue_per_visitor', 'conversion'];
export const MAX_VARIANTS = 6;
export const MAX_BONUS_ITEMS = 10;
const EXPERIMENT_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const VARIANT_NAME = /^[a-z0-9][a-z0-9-]{0,19}$/;

export type { ExperimentArea, ExperimentBundle, NewExperiment };

function bundlesOf(catalogue: Catalogue, gameId: number, area: string): CatalogueBundle[] {
  const gameArea = findGameArea(catalogue, gameId, area);
  return gameArea ? [...gameArea.bundlesByTab.values()].flat() : [];
}

function itemNamesOf(bundles: readonly CatalogueBundle[]): string[] {
  const names = new Set<string>();
  for (const bundle of bundles) for (const item of [...bundle.items, ...bundle.bonusItems, ...bundle.firstBuyItems]) names.add(item.name);
  return [...names].sort();
}

/** Every game area's bundles on sale at `now`, for the back office's form. */
export function experimentAreas(catalogue: Catalogue, now: number): ExperimentArea[] {
  const areas: ExperimentArea[] = [];
  for (const gameArea of catalogue.gameAreas.values()) {
    const all = bundlesOf(catalogue, gameArea.gameId, gameArea.area);
    const bundles = all.filter((bundle) => onSale(bundle, now));
    if (bundles.length === 0) continue;
    areas.push({
      game_id: gameArea.gameId,
      game_names: catalogue.games.get(gameArea.gameId)?.names ?? {},
      area: gameArea.area,
      currency: currencyCode(gameArea.area),
      bundles: bundles.map((bundle) => ({ product_id: bundle.productId, name: bundle.productName, price_minor: bundle.priceMinor })),
      items: itemNamesOf(all),
    });
  }
  return areas.sort((a, b) => a.game_id - b.game_id || a.area.localeCompare(b.area));
}

/** Refuses a definition whose variants are wrong, each problem with its own code (error.<code> in the back office). */
function checkVariants(input: NewExperiment, items: ReadonlySet<string>): void {
  const [first, ...others] = input.variants;
  if (!first || first.variant !== CONTROL) throw new OperationRefused('invalid', 'The first variant must be "control": the catalogue’s own offer', 'experimentControlFirst');
  if ((first.percent_off ?? 0) !== 0 || (first.bonus_items ?? []).length > 0) throw new OperationRefused('invalid', 'The control is the catalogue’s offer: nothing off and no bonus items', 'experimentControlChanged');
  if (others.length === 0) throw new OperationRefused('invalid', 'An experiment needs a variant besides the control', 'experimentNoVariant');
  if (input.variants.length > MAX_VARIANTS) throw new OperationRefused('invalid', `At most ${MAX_VARIANTS} variants, the control included`, 'experimentTooManyVariants');
  const bad = others.find((entry) => !VARIANT_NAME.test(entry.variant) || entry.variant === CONTROL);
  if (bad) throw new OperationRefused('invalid', `"${bad.variant}" is no variant name: lower-case letters, digits and dashes, 20 at most, not "control"`, 'experimentBadVariantName');
  if (new Set(input.variants.map((entry) => entry.variant)).size !== input.variants.length) throw new OperationRefused('invalid', 'Two variants have the same name', 'experimentVariantTwice');
  if (input.variants.some((entry) => !Number.isInteger(entry.share) || entry.share < 1 || entry.share > 100)) throw new OperationRefused('invalid', 'Each share is a whole per cent from 1 to 100', 'experimentBadShare');
  if (input.variants.reduce((sum, entry) => sum + entry.share, 0) !== 100) throw new OperationRefused('invalid', 'The shares must add up to 100 %', 'experimentSharesNot100');
  if (others.some((entry) => !Number.isInteger(entry.percent_off ?? 0) || (entry.percent_off ?? 0) < 0 || (entry.percent_off ?? 0) > 90)) throw new OperationRefused('invalid', 'A variant takes off a whole per cent from 0 to 90', 'experimentBadPercentOff');
  if (others.some((entry) => (entry.percent_off ?? 0) === 0 && (entry.bonus_items ?? []).length === 0)) throw new OperationRefused('invalid', 'Each variant must take something off the price or add bonus items', 'experimentVariantSame');
  for (const entry of others) {
    for (const item of entry.bonus_items ?? []) {
      if (!items.has(item.item_id)) throw new OperationRefused('invalid', `"${item.item_id}" is no item of this game area’s bundles`, 'experimentUnknownItem');
      if (!Number.isInteger(item.count) || item.count < 1 || item.count > 1_000_000_000) throw new OperationRefused('invalid', 'A bonus item’s count is a whole number from 1', 'experimentBadItemCount');
    }
  }
}

/** Checks a definition against the catalogue at `now`: the bundle is one of the game area's, on sale, and the variants are right. */
export function checkNewExperiment(catalogue: Catalogue, now: number, input: NewExperiment): void {
  if (!EXPERIMENT_ID.test(input.experiment_id)) throw new OperationRefused('invalid', 'An experiment’s name is lower-case letters, digits and dashes, 40 at most', 'experimentBadName');
  if (!GUARDRAILS.includes(input.guardrail)) throw new OperationRefused('invalid', 'The guardrail is revenue_per_visitor or conversion', 'experimentBadGuardrail');
  const minVisitors = input.min_visitors ?? 200;
  if (!Number.isInteger(minVisitors) || minVisitors < 1 || minVisitors > 1_000_000) throw new OperationRefused('invalid', 'The visitors before judging are a whole number from 1 to 1,000,000', 'experimentBadMinVisitors');
  const all = bundlesOf(catalogue, input.game_id, input.area);
  const bundle = all.find((entry) => entry.productId === input.product_id);
  if (!bundle) throw new OperationRefused('invalid', `There is no bundle "${input.product_id}" on sale in game ${input.game_id}, area "${input.area}"`, 'experimentNoBundle');
  if (!onSale(bundle, now)) throw new OperationRefused('conflict', `The bundle "${input.product_id}" is outside its sale window now`, 'experimentBundleOffSale');
  checkVariants(input, new Set(itemNamesOf(all)));
}

/** What a change writes into the audit log, in its transaction. */
export type RecordChange = (tx: Queryable, experiment: OfferExperiment) => Promise<void>;

async function refuseRunning(db: Queryable, input: NewExperiment): Promise<void> {
  const running = await runningExperimentOf(db, input.game_id, input.area, input.product_id);
  if (running) throw new OperationRefused('conflict', `The bundle "${input.product_id}" already has a running experiment: ${running.experimentId}. Stop it first`, 'experimentRunning');
}

/**
 * Starts an operator's experiment, checked against the catalogue, recorded in the same transaction.
 * A second running experiment of the bundle is refused, even when two are started at once (the
 * database's unique index decides, and the loser is told why).
 */
export async function createExperiment(db: Db, catalogue: Catalogue, now: number, input: NewExperiment, record: RecordChange): Promise<OfferExperiment> {
  checkNewExperiment(catalogue, now, input);
  try {
    return await db.transaction(async (tx) => {
      if (await findExperiment(tx, input.experiment_id)) throw new OperationRefused('conflict', `There is an experiment named "${input.experiment_id}" already: choose another name`, 'experimentNameTaken');
      await refuseRunning(tx, input);
      await startExperiment(tx, {
        experimentId: input.experiment_id,
        gameId: input.game_id,
        area: input.area,
        productId: input.product_id,
        guardrail: input.guardrail,
        minVisitors: input.min_visitors ?? 200,
        variants: input.variants.map((entry) => ({ variant: entry.variant, share: entry.share, percentOff: entry.percent_off ?? 0, bonusItems: (entry.bonus_items ?? []).map((item) => ({ item_id: item.item_id, count: item.count })) })),
      });
      const experiment = (await findExperiment(tx, input.experiment_id))!;
      await record(tx, experiment);
      return experiment;
    });
  } catch (failure) {
    if (failure instanceof OperationRefused) throw failure;
    // Another start committed between our look and our write: the unique index or the key refused ours.
    if (await findExperiment(db, input.experiment_id)) throw new OperationRefused('conflict', `There is an experiment named "${input.experiment_id}" already: choose another name`, 'experimentNameTaken');
    await refuseRunning(db, input);
    throw failure;
  }
}

/** What an operator's stop did: the experiment afterwards, and whether it ended. */
export interface StopOutcome {
  readonly experiment: OfferExperiment;
  readonly ended: boolean;
}

/**
 * An operator stops one variant (its visitors see the control from then on; the last one stopped ends
 * the experiment, as the guardrail does) or, without `variant`, the whole experiment. Recorded in the
 * same transaction.
 */
export async function stopByOperator(tx: Queryable, experimentId: string, variant: string | null, why: string, record: RecordChange): Promise<StopOutcome> {
  if (!why.trim()) throw new OperationRefused('invalid', 'A reason is required', 'reasonRequired');
  const experiment = await findExperiment(tx, experimentId);
  if (!experiment) throw new OperationRefused('notFound', `No experiment "${experimentId}"`, 'noSuchExperiment');
  if (experiment.state !== 'running') throw new OperationRefused('conflict', `The experiment "${experimentId}" is stopped already`, 'experimentStopped');
  let ended = false;
  if (variant === null) {
    ended = await stopExperiment(tx, experimentId, why);
    if (!ended) throw new OperationRefused('conflict', `The experiment "${experimentId}" is stopped already`, 'experimentStopped');
  } else {
    if (variant === CONTROL) throw new OperationRefused('invalid', 'The control is the catalogue’s offer: stop the whole experiment instead', 'experimentStopControl');
    const found = experiment.variants.find((entry) => entry.variant === variant);
    if (!found) throw new OperationRefused('notFound', `The experiment "${experimentId}" has no variant "${variant}"`, 'noSuchVariant');
    if (found.stopped || !(await stopVariant(tx, experimentId, variant, why))) throw new OperationRefused('conflict', `The variant "${variant}" is stopped already`, 'variantStopped');
    const live = experiment.variants.filter((entry) => entry.variant !== CONTROL && !entry.stopped && entry.variant !== variant);
    if (live.length === 0) ended = await stopExperiment(tx, experimentId, `every variant was stopped; the last: ${variant} (${why})`);
  }
  const after = (await findExperiment(tx, experimentId))!;
  await record(tx, after);
  return { experiment: after, ended };
}
