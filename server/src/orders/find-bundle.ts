import type { CatalogueBundle, GameArea } from '../catalogue/catalogue';

const byArea = new WeakMap<GameArea, Map<string, CatalogueBundle>>();

/** A bundle on sale in this game and area, by its product id. */
export function findBundle(gameArea: GameArea, productId: string): CatalogueBundle | undefined {
  let index = byArea.get(gameArea);
  if (!index) {
    index = new Map();
    for (const bundles of gameArea.bundlesByTab.values()) for (const bundle of bundles) index.set(bundle.productId, bundle);
    byArea.set(gameArea, index);
  }
  return index.get(productId);
}
