/**
 * Shapes of every store API payload and answer (docs/api.md describes each route).
 * Isomorphic: the server builds these, the browser reads them.
 */
import type { CreateOrderPayload } from './order-types';

/** One choice of a region picker (spec §9). */
export interface RegionOption {
  /** What the picker shows, e.g. "NA". */
  readonly label: string;
  /** What is sent, e.g. "us". */
  readonly value: string;
}

/** How a region choice travels to `getServerList` (see rules/regions.ts). */
export type RegionParam = 'area' | 'region' | 'subregion';

/** Every answer: `ret` 0 is success; otherwise `msg` says why in the request's language. */
export interface ApiEnvelope<T> {
  readonly ret: number;
  readonly data: T;
  readonly msg: string;
}

export type { PayloadValue } from './payload-value';
import type { PayloadValue } from './payload-value';

// ---------- Family A ----------

export interface BannersPayload {
  game_id: PayloadValue;
  area: string;
}

export interface Banner {
  /** Where tapping the slide goes. */
  readonly url: string;
  /** The slide's image. */
  readonly slideshow_url: string;
  /** What the slide says, in the page's language: the image's alternative text. */
  readonly title?: string;
}

export interface GetTabPayload {
  game_id: PayloadValue;
  area: string;
}

export interface PayType {
  readonly pay_type: string;
  readonly name: string;
  readonly icon: string;
  /** 1 for the first pay type, 0 for the others. */
  readonly checked: 0 | 1;
  /** The brands the method takes (card networks, wallets), each with its mark: shown beside the name. */
  readonly brands?: readonly PayBrand[];
  /** How much more (or, below 0, less) this method costs, in whole per cent of the bundle's price; 0 or absent: the same. */
  readonly price_percent?: number;
}

export interface PayBrand {
  /** Its name, the mark's text alternative ("Visa"). */
  readonly name: string;
  readonly icon: string;
}

/** How the page identifies a character in this game. */
export interface GameInfo {
  readonly game_id: number;
  readonly area: string;
  readonly game_name: string;
  readonly game_icon: string;
  /** `id`: the player types a character ID; `name`: a character name (game 284). */
  readonly role_lookup: 'id' | 'name';
  /** 1 when role lookups must carry the server's `server_sign` (game 134). */
  readonly server_sign_required: 0 | 1;
  /** Image showing where to find the character ID in the game (games 14, 136, 182), or "". */
  readonly role_help_image: string;
  readonly currency: 'USD' | 'KRW';
  readonly currency_symbol: string;
  /** The region picker for this game and area; empty when there is none. */
  readonly region_list: readonly RegionOption[];
  /** How the chosen region is sent to getServerList; "" when there is no picker. */
  readonly region_param: RegionParam | '';
  readonly default_region: string;
  /** The game's own recharge instructions in the page's language; empty: the store's. */
  readonly help: readonly string[];
}

export interface TabData {
  /** The tabs' keys, sent back as `type`. */
  readonly tab_list: readonly string[];
  /** Each tab's name in the page's language, by key; a tab missing here is named by its key. */
  readonly tab_labels?: Readonly<Record<string, string>>;
  /** 1 when the submit page offers a choice of pay methods, 0 when there is only one. */
  readonly pmx_show: 0 | 1;
  readonly pay_type_list: readonly PayType[];
  readonly game: GameInfo;
  /** Who takes the payment, named in the order pages' "secure checkout" note. */
  readonly pay_provider?: string;
}

export interface GetPayPricePayload {
  /** The product tab; empty means the first tab. */
  type: string;
  game_id: PayloadValue;
  area: string;
  /** The confirmed character, or empty. */
  role_id: string;
  /** The confirmed character's uid, or empty. */
  ln_uid: string;
}

export interface Bundle {
  readonly id: number;
  readonly product_id: string;
  readonly game_id: number;
  readonly area: string;
  readonly type: string;
  readonly product_name: string;
  readonly product_content: string;
  readonly product_file_url: string;
  /** Price in the area's currency: "4.99" in dollars, "5900" in won. */
  readonly amount: string;
  readonly currency: 'USD' | 'KRW';
  /** 1 while the first-purchase offer applies to this character. */
  readonly first_buy: 0 | 1;
  readonly first_pay_icon: string;
  readonly first_pay_content: string;
  readonly pay_icon: string;
  readonly pay_content: string;
  /** Purchases allowed per character (in each period of the bundle's limit: a day, week or month in UTC, or ever); 0 means no limit. */
  readonly role_buy_limit: number;
  /** Delivered purchases by this character in the limit's current period. */
  readonly role_buy_count: number;
  /** "bought/limit", e.g. "1/3"; "" when there is no limit. */
  readonly role_buy_limit_progress: string;
  /**
   * What the visitor's variant of an offer experiment adds to the bundle's items (docs/api.md); absent
   * otherwise. The card's words (`pay_content`, `first_pay_content`, `product_content`) name them too.
   */
  readonly bonus_items?: readonly { readonly name: string; readonly quantity: number }[];
}

export interface GetServerListPayload {
  game_id: PayloadValue;
  /** The page's area, or the sub-region for game 232. */
  area: string;
  /** The chosen region for games 44 and 134; empty otherwise. */
  region: string;
}

export interface Server {
  readonly server_id: string;
  readonly server_name: string;
  /** Only game 134 uses it; "" elsewhere. */
  readonly server_sign: string;
}

export interface GetRoleInfoPayload {
  role_id: string;
  server_id: string;
  area: string;
  game_id: PayloadValue;
  /** Game 134 only. */
  server_sign?: string;
  /** Game 284 only: the character name typed by the player. */
  role_name?: string;
}

export interface RoleInfo {
  readonly server_name: string;
  readonly role_id: string;
  readonly role_name: string;
  readonly uid: string;
  readonly server_id: string;
}

/** 1 page load, 2 tab change, 3 purchase intent (the spec's); 4 character confirmed (the store's own). */
export type ReportType = 1 | 2 | 3 | 4;

export interface ReportPayload {
  game_id: PayloadValue;
  area: string;
  product_id: string;
  product_type: string;
  /** 1 page load, 2 tab change, 3 purchase intent, 4 character confirmed. */
  report_type: ReportType | `${ReportType}`;
  from: string;
}

// ---------- Family B ----------

export interface PayGame {
  readonly game_id: number;
  readonly area: string;
  readonly game_icon: string;
  readonly game_name: string;
  readonly game_desc: string;
}

export interface PayGameListData {
  readonly list: readonly PayGame[];
}

export interface CustUrlPayload {
  game_id: PayloadValue;
  area: string;
}

export interface CustUrlData {
  /** The customer-service page; "" when there is none (hide the button). */
  readonly social_media_url: string;
}

// ---------- Pay centre ----------

export interface CustomerConfigData extends CustUrlData {
  /** 1 when the customer-service button should show. */
  readonly show: 0 | 1;
}

export interface AccountRolesPayload {
  game_id: PayloadValue;
  area: string;
  uid: string;
}

export interface AccountRole extends RoleInfo {
  readonly area: string;
  /** ISO 8601 time of the character's last login. */
  readonly last_login_at: string;
}

/** `pcpay/pay` takes exactly the fields of `createOrder`. */
export type PayPayload = CreateOrderPayload;

export interface GetOrderInfoPayload {
  order_id: string;
}

export interface CheckDiscountCodePayload {
  game_id: PayloadValue;
  area: string;
  role_id: string;
  product_id: string;
  discount_code: string;
  /** The pay method chosen, when it may cost another amount; absent: the bundle's own price. */
  pay_type?: string;
}

// ---------- Sandbox ----------

export interface SandboxRole {
  readonly game_id: number;
  readonly area: string;
  readonly server_id: string;
  readonly role_id: string;
  readonly role_name: string;
  readonly uid: string;
}

// ---------- Orders (docs/orders.md) ----------

export type * from './order-types';

// ---------- Back office (docs/back-office.md) ----------

export type * from './ops-types';

/** A character `getLinkedCharacters` offers this browser (docs/api.md, decision 311). */
export interface FollowingCharacter {
  readonly game_id: string;
  readonly area: string;
  readonly server_id: string;
  readonly server_name: string;
  readonly role_id: string;
  readonly role_name: string;
  /** This browser holds the link; else it was linked together with one of them in another browser. */
  readonly linked_here: boolean;
}
