import type { Queryable } from '../db/db';
import { upsertRows, type Column } from '../db/upsert-rows';
import type { BannerTexts, BundleTexts, CatalogueItem, GameRewards, LimitPeriod, LocalizedText, Translations } from './catalogue';

/**
 * The catalogue's writes, one per table: rows whose key exists get the given values again, so
 * writing the same rows twice leaves the same data. Run them through updateCatalogue, which
 * commits them with a new revision and drops the cached catalogue.
 */

export type GameRecord = {
  game_id: number;
  names: LocalizedText;
  descriptions: LocalizedText;
  icon_url: string;
  role_lookup: 'id' | 'name';
  server_sign_required: boolean;
  role_help_image: string;
  in_voucher_centre: boolean;
  sort: number;
  /** The game's recharge instructions per language (migration 067); a language left out shows the store's. */
  help: Translations<readonly string[]>;
  /** What a linked character gets (migration 093): null for nothing. */
  rewards?: GameRewards | null;
};
/** A region picker as the catalogue file and the table hold it (migration 071). */
export type RegionPickerRecord = { param: 'area' | 'region' | 'subregion'; options: Array<{ label: string; value: string }>; default_value: string };
export type GameAreaRecord = {
  game_id: number;
  area: string;
  customer_service_url: string | null;
  /** The page's region picker in this area (spec §9); null for none. */
  region_picker: RegionPickerRecord | null;
  sort: number;
};
export type ServerRecord = {
  game_id: number;
  area: string;
  region: string;
  server_id: string;
  server_name: string;
  server_sign: string;
  sort: number;
  /** Open to new purchases (migration 069); a closed server is hidden from players. */
  open: boolean;
};
export type ProductTabRecord = { game_id: number; area: string; type: string; labels: Translations<string>; sort: number };
export type PayTypeRecord = { game_id: number; area: string; pay_type: string; name: string; names: Translations<string>; icon_url: string; brands: string[]; sort: number; price_percent: number };
export type BundleRecord = {
  game_id: number;
  area: string;
  type: string;
  product_id: string;
  product_name: string;
  product_content: string;
  product_file_url: string;
  price_minor: number;
  first_buy_offer: boolean;
  first_pay_icon: string;
  first_pay_content: string;
  pay_icon: string;
  pay_content: string;
  /** What the bundle delivers (see migration 040); the first-buy and repeat bonuses on top. */
  items: readonly CatalogueItem[];
  first_buy_items: readonly CatalogueItem[];
  bonus_items: readonly CatalogueItem[];
  role_buy_limit: number;
  /** What role_buy_limit counts: purchases per character ever, or per calendar day, week or month in UTC (migration 064). */
  role_buy_limit_period: LimitPeriod;
  /** When players are offered it, ISO 8601 (null: since always, for good); the end comes after the start. */
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  /** The card's words in other languages than the area's (migration 057). */
  texts: Translations<BundleTexts>;
  active: boolean;
  sort: number;
};
export type BannerRecord = {
  banner_key: string;
  game_id: number | null;
  area: string;
  url: string;
  slideshow_url: string;
  texts: Translations<BannerTexts>;
  sort: number;
  /** Players see the banner from starts_at until ends_at (ISO 8601; null or absent: no bound). */
  starts_at?: string | null;
  ends_at?: string | null;
};
export type StoreSettingRecord = { key: string; value: string };

const integer = (name: string): Column => ({ name, type: 'integer' });
const text = (name: string): Column => ({ name, type: 'text' });
const jsonb = (name: string): Column => ({ name, type: 'jsonb' });
const boolean = (name: string): Column => ({ name, type: 'boolean' });
const timestamptz = (name: string): Column => ({ name, type: 'timestamptz' });

/** A write of one table: its columns in order and the key a row is matched on. */
function writer<T extends Record<string, unknown>>(table: string, columns: readonly Column[], key: readonly string[]) {
  return (tx: Queryable, rows: readonly T[]): Promise<void> => upsertRows(tx, table, columns, key, rows);
}

export const upsertGames = writer<GameRecord>(
  'games',
  [
    integer('game_id'),
    jsonb('names'),
    jsonb('descriptions'),
    text('icon_url'),
    text('role_lookup'),
    boolean('server_sign_required'),
    text('role_help_image'),
    boolean('in_voucher_centre'),
    integer('sort'),
    jsonb('help'),
    jsonb('rewards'),
  ],
  ['game_id'],
);

export const upsertGameAreas = writer<GameAreaRecord>(
  'game_areas',
  [integer('game_id'), text('area'), text('customer_service_url'), jsonb('region_picker'), integer('sort')],
  ['game_id', 'area'],
);

export const upsertServers = writer<ServerRecord>(
  'servers',
  [integer('game_id'), text('area'), text('region'), text('server_id'), text('server_name'), text('server_sign'), integer('sort'), boolean('open')],
  ['game_id', 'server_id'],
);

export const upsertProductTabs = writer<ProductTabRecord>(
  'product_tabs',
  [integer('game_id'), text('area'), text('type'), jsonb('labels'), integer('sort')],
  ['game_id', 'area', 'type'],
);

export const upsertPayTypes = writer<PayTypeRecord>(
  'pay_types',
  [integer('game_id'), text('area'), text('pay_type'), text('name'), jsonb('names'), text('icon_url'), jsonb('brands'), integer('sort'), integer('price_percent')],
  ['game_id', 'area', 'pay_type'],
);

export const upsertBundles = writer<BundleRecord>(
  'bundles',
  [
    integer('game_id'),
    text('area'),
    text('type'),
    text('product_id'),
    text('product_name'),
    text('product_content'),
    text('product_file_url'),
    integer('price_minor'),
    boolean('first_buy_offer'),
    text('first_pay_icon'),
    text('first_pay_content'),
    text('pay_icon'),
    text('pay_content'),
    jsonb('items'),
    jsonb('first_buy_items'),
    jsonb('bonus_items'),
    integer('role_buy_limit'),
    jsonb('texts'),
    boolean('active'),
    integer('sort'),
    text('role_buy_limit_period'),
    timestamptz('sale_starts_at'),
    timestamptz('sale_ends_at'),
  ],
  ['product_id'],
);

export const upsertBanners = writer<BannerRecord>(
  'banners',
  [text('banner_key'), integer('game_id'), text('area'), text('url'), text('slideshow_url'), jsonb('texts'), integer('sort'), timestamptz('starts_at'), timestamptz('ends_at')],
  ['banner_key'],
);

export const upsertStoreSettings = writer<StoreSettingRecord>('store_settings', [text('key'), text('value')], ['key']);

/** Where a game's server is, as the back office shows it: the address, and whether a secret is set (never the secret). */
export interface GameServerSetting {
  readonly game_id: number;
  readonly url: string;
  readonly secret_set: boolean;
}

export function readGameServers(db: Queryable): Promise<GameServerSetting[]> {
  return db.query<GameServerSetting>(`SELECT game_id, game_server_url AS url, game_server_secret <> '' AS secret_set FROM games ORDER BY sort, game_id`);
}

/**
 * Sets a game's server (the game-server contract, docs/game-integration.md): its address, and its secret
 * when one is given (null keeps the stored one). Outside the catalogue file: the secret never leaves the
 * server. Returns the setting before, or null when there is no such game.
 */
export async function setGameServer(tx: Queryable, gameId: number, url: string, secret: string | null): Promise<GameServerSetting | null> {
  const [before] = await tx.query<GameServerSetting>(`SELECT game_id, game_server_url AS url, game_server_secret <> '' AS secret_set FROM games WHERE game_id = $1 FOR UPDATE`, [gameId]);
  if (!before) return null;
  await tx.query('UPDATE games SET game_server_url = $2, game_server_secret = COALESCE($3, game_server_secret) WHERE game_id = $1', [gameId, url, secret]);
  return before;
}
