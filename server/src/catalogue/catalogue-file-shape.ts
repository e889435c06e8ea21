import type { DiscountCodeRecord, PostPurchaseOfferRecord } from '../discounts';
import type { BannerRecord, BundleRecord, GameAreaRecord, GameRecord, PayTypeRecord, ProductTabRecord, ServerRecord, StoreSettingRecord } from './write-catalogue';

/**
 * The whole catalogue as one file (docs/catalogue.md), so that a catalogue can be reviewed, kept and
 * moved as a file: `npm run catalogue -- export | check | import`, and the back office's Catalogue page.
 * Its layout is the JSON Schema `catalogue-file.schema.json`. Game-server endpoints and secrets stay out.
 */
export interface CatalogueFile {
  readonly $schema?: string;
  readonly format: 1;
  readonly games: readonly GameRecord[];
  readonly game_areas: readonly GameAreaRecord[];
  readonly servers: readonly ServerRecord[];
  readonly product_tabs: readonly ProductTabRecord[];
  readonly pay_types: readonly PayTypeRecord[];
  readonly bundles: readonly BundleRecord[];
  readonly banners: readonly BannerRecord[];
  readonly store_settings: readonly StoreSettingRecord[];
  /** Absent from a file: the store's codes stay as they are (a file written before codes were part of it). */
  readonly discount_codes?: readonly DiscountCodeRecord[];
  /** Absent from a file: the store's post-purchase offers stay as they are (a file written before offers were part of it). */
  readonly post_purchase_offers?: readonly PostPurchaseOfferRecord[];
}

