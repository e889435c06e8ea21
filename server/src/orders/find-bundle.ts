import type { CatalogueBundle, GameArea } from '../catalogue/catalogue';
import { saleState } from '../catalogue/sale-window';
import { bundleNotOnSale, bundleNotYetOnSale } from './order-errors';

const byArea = new WeakMap<GameArea, Map<string, CatalogueBundle>>();

/** An active bundle of this game and area, by its product id, whatever its sale window (an order's mail names it). */
export function findBundle(gameArea: GameArea, productId: string): CatalogueBundle | undefined {
  let index = byArea.get(gameArea);
  if (!index) {
    index = new Map();
    for (const bundles of gameArea.bundlesByTab.values()) for (const bundle of bundles) index.set(bundle.productId, bundle);
    byArea.set(gameArea, index);
  }
  return index.get(productId);
}

/** Refuses a bundle outside its sale window at `now` (ms): not on sale yet, or not any more. */
export function checkSaleWindow(bundle: CatalogueBundle, now: number): void {
  const state = saleState(bundle, now);
  if (state === 'notYet') throw bundleNotYetOnSale();
  if (state === 'over') throw bundleNotOnSale();
}

/** The bundle a player may buy at `now` (ms): active and inside its sale window; refused otherwise. */
export function bundleOnSale(gameArea: GameArea, productId: string, now: number): CatalogueBundle {
  const bundle = findBundle(gameArea, productId);
  if (!bundle) throw bundleNotOnSale();
  checkSaleWindow(bundle, now);
  return bundle;
}
