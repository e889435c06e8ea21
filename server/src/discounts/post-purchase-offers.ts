import type { Queryable } from '../db/db';
import { upsertRows } from '../db/upsert-rows';

/** An item an offer adds to its bundle, as a bundle's items are written (name in the area's language). */
export interface OfferItemRecord {
  name: string;
  quantity: number;
  names?: Record<string, string>;
}

/**
 * A post-purchase offer as the catalogue file writes it (its `post_purchase_offers` list,
 * docs/catalogue.md): per game and area, the bundle offered after a paid order, for `minutes` after the
 * payment, at `percent_off` off (0: none) and/or with `bonus_items` on top of what the bundle gives.
 */
export type PostPurchaseOfferRecord = {
  game_id: number;
  area: string;
  product_id: string;
  percent_off: number;
  bonus_items: OfferItemRecord[];
  minutes: number;
  active: boolean;
};

/** The offer of a game's area as the store applies it. */
export interface PostPurchaseOffer {
  readonly gameId: number;
  readonly area: string;
  readonly productId: string;
  readonly percentOff: number;
  readonly bonusItems: readonly OfferItemRecord[];
  readonly minutes: number;
}

const COLUMNS = 'game_id, area, product_id, percent_off, bonus_items, minutes, active';

/** The active offer of this game's area, or null when it has none. */
export async function findPostPurchaseOffer(db: Queryable, gameId: number, area: string): Promise<PostPurchaseOffer | null> {
  const [row] = await db.query<PostPurchaseOfferRecord>(`SELECT ${COLUMNS} FROM post_purchase_offers WHERE game_id = $1 AND area = $2 AND active`, [gameId, area]);
  if (!row) return null;
  return { gameId: row.game_id, area: row.area, productId: row.product_id, percentOff: row.percent_off, bonusItems: row.bonus_items, minutes: row.minutes };
}

/** Every offer as the catalogue file lists them, by game and area. */
export async function readPostPurchaseOfferRecords(db: Queryable): Promise<PostPurchaseOfferRecord[]> {
  return db.query<PostPurchaseOfferRecord>(`SELECT ${COLUMNS} FROM post_purchase_offers ORDER BY game_id, area COLLATE "C"`);
}

/** Writes offers; one already there (same game and area) gets these values again. An import never removes one: `active` false retires it. */
export async function upsertPostPurchaseOffers(tx: Queryable, offers: readonly PostPurchaseOfferRecord[]): Promise<void> {
  await upsertRows(
    tx,
    'post_purchase_offers',
    [
      { name: 'game_id', type: 'integer' },
      { name: 'area', type: 'text' },
      { name: 'product_id', type: 'text' },
      { name: 'percent_off', type: 'integer' },
      { name: 'bonus_items', type: 'jsonb' },
      { name: 'minutes', type: 'integer' },
      { name: 'active', type: 'boolean' },
    ],
    ['game_id', 'area'],
    offers,
  );
}
