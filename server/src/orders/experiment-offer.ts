import type { CatalogueItem, GameArea } from '../catalogue/catalogue';
import type { Queryable } from '../db/db';
import { runningExperimentOf, variantOfferFor, type ExperimentItem, type RunningExperiments, type VariantOffer } from '../experiments';

/**
 * An offer experiment's variant on a bundle (decisions 308, 309): what the product card shows a
 * visitor and what `createOrder` charges and mails it. The server decides from the visitor's cookie,
 * never from the page.
 */

/**
 * The variant's bonus items as catalogue items: each named by its `item_id` (the game's own name of
 * the item, as a bundle's items are), with the translations of the same item in the area's bundles.
 */
export function experimentItems(gameArea: GameArea, items: readonly ExperimentItem[]): CatalogueItem[] {
  if (items.length === 0) return [];
  const known = new Map<string, CatalogueItem>();
  for (const bundles of gameArea.bundlesByTab.values()) {
    for (const bundle of bundles) for (const item of [...bundle.items, ...bundle.bonusItems, ...bundle.firstBuyItems]) if (!known.has(item.name)) known.set(item.name, item);
  }
  return items.map((item) => {
    const names = known.get(item.item_id)?.names;
    return { name: item.item_id, quantity: item.count, ...(names ? { names } : {}) };
  });
}

/** Where a bundle is sold, as an experiment names it. */
export interface BundlePlace {
  readonly gameId: number;
  readonly area: string;
  readonly productId: string;
}

/**
 * The visitor's variant of the bundle's running experiment, as the card shows it: from the experiments
 * held in memory (no database read), or null when none runs on the bundle or the browser has no visitor.
 */
export function shownVariant(experiments: RunningExperiments | undefined, bundle: BundlePlace, visitor: () => string | null): VariantOffer | null {
  const experiment = experiments?.of(bundle.gameId, bundle.area, bundle.productId);
  if (!experiment) return null;
  const id = visitor();
  return id === null ? null : variantOfferFor(experiment, id);
}

/**
 * The variant an order of the bundle is priced with: the experiment held in memory read again from the
 * database (a variant stopped on another instance a moment ago gives the control), for the visitor
 * the cookie names; null without an experiment or a visitor. The control is a variant too: its orders
 * are the experiment's figures to compare with.
 */
export async function orderVariant(db: Queryable, experiments: RunningExperiments | undefined, bundle: BundlePlace, visitor: string | null): Promise<VariantOffer | null> {
  if (visitor === null || !experiments?.of(bundle.gameId, bundle.area, bundle.productId)) return null;
  const experiment = await runningExperimentOf(db, bundle.gameId, bundle.area, bundle.productId);
  return experiment ? variantOfferFor(experiment, visitor) : null;
}
