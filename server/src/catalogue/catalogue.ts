import type { GameRules, Locale, RegionPicker } from '@topup/shared/rules';
import type { MailItem } from '../game/game-gateway';
import type { PayBrandMark } from './pay-brands';

/** A text the store shows in each of its languages. */
export type LocalizedText = Readonly<Record<Locale, string>>;

/** Texts kept in some of the store's languages besides the area's own (migration 057). */
export type Translations<T> = Readonly<Partial<Record<Locale, T>>>;

/** The words of a bundle's card, in one language. */
export interface BundleTexts {
  readonly productName: string;
  readonly productContent: string;
  readonly firstPayIcon: string;
  readonly firstPayContent: string;
  readonly payIcon: string;
  readonly payContent: string;
}

/** The words drawn over a slide's picture, in one language. */
export interface BannerTexts {
  readonly eyebrow: string;
  readonly title: string;
  readonly subtitle: string;
  readonly action: string;
}

/** A game's rewards for linked characters, as the catalogue file holds them. */
export interface GameRewards {
  /** IANA time zone: the daily gift's day. */
  readonly time_zone: string;
  /** The daily gift's items; null for none. */
  readonly daily_gift: readonly CatalogueItem[] | null;
  /** Points per 1,000 minor units paid, per currency. */
  readonly points_per_1000_minor: Readonly<Record<string, number>>;
  /** Lowest first. */
  readonly tiers: ReadonlyArray<{ readonly min_points: number; readonly names: LocalizedText }>;
  /** What points buy, each mailed into the game; none when absent. */
  readonly redeem?: ReadonlyArray<{ readonly reward_id: string; readonly points: number; readonly names: LocalizedText; readonly items: readonly CatalogueItem[] }>;
}

export interface CatalogueGame {
  readonly gameId: number;
  readonly names: LocalizedText;
  readonly descriptions: LocalizedText;
  readonly iconUrl: string;
  readonly roleLookup: 'id' | 'name';
  readonly serverSignRequired: boolean;
  readonly roleHelpImage: string;
  readonly inVoucherCentre: boolean;
  /** The game's recharge instructions per language; a language without them shows the store's. */
  readonly help: Translations<readonly string[]>;
  /** What a linked character gets: the daily gift, points and tiers (docs/catalogue.md, "Rewards"); null for nothing. */
  readonly rewards: GameRewards | null;
  /** The game's server (the game-server contract) and its signing secret; null when none is set. Never sent to a page. */
  readonly gameServer: { readonly url: string; readonly secret: string } | null;
  /** Areas the game is sold in, in display order. */
  readonly areas: readonly string[];
}

export interface CatalogueServer {
  readonly gameId: number;
  readonly area: string;
  readonly region: string;
  readonly serverId: string;
  readonly serverName: string;
  readonly serverSign: string;
}

export interface CataloguePayType {
  readonly payType: string;
  /** In the area's language; `names` holds the others. */
  readonly name: string;
  readonly names: Translations<string>;
  readonly iconUrl: string;
  /** The brands it takes, with their marks. */
  readonly brands: readonly PayBrandMark[];
  /** How much more (below 0: less) it costs than the bundle's price, in whole per cent (migration 058). */
  readonly pricePercent: number;
}

/** An item a bundle delivers: its name in the area's language, `names` in the others (an order mails the one of its language). */
export interface CatalogueItem extends MailItem {
  readonly names?: Translations<string>;
}

/** The card's words are the area's language; `texts` holds the others. */
export interface CatalogueBundle extends BundleTexts {
  readonly id: number;
  readonly gameId: number;
  readonly area: string;
  readonly type: string;
  readonly productId: string;
  readonly productFileUrl: string;
  readonly priceMinor: number;
  readonly firstBuyOffer: boolean;
  readonly texts: Translations<BundleTexts>;
  /** What the bundle delivers, and on top of it the first-purchase bonus or the repeat bonus. */
  readonly items: readonly CatalogueItem[];
  readonly firstBuyItems: readonly CatalogueItem[];
  readonly bonusItems: readonly CatalogueItem[];
  /** Purchases per character in each `roleBuyLimitPeriod`; 0: no limit. */
  readonly roleBuyLimit: number;
  readonly roleBuyLimitPeriod: LimitPeriod;
  /** Offered to players from this time (ms since the epoch; null: since always) until `saleEndsAt` (null: for good). */
  readonly saleStartsAt: number | null;
  readonly saleEndsAt: number | null;
}

/** How long a bundle's purchase limit counts: calendar periods in UTC (a week from Monday), or ever. */
export const LIMIT_PERIODS = ['ever', 'day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export interface CatalogueBanner {
  readonly key: string;
  readonly url: string;
  /** The picture; with `texts`, a picture without words that the store draws them over. */
  readonly slideshowUrl: string;
  readonly texts: Translations<BannerTexts>;
  /** Shown to players from this time (ms since the epoch; null: already) until `endsAt` (null: no end): banner-schedule.ts. */
  readonly startsAt: number | null;
  readonly endsAt: number | null;
}

/** A product tab: `type` is its key and its name in the area's language. */
export interface CatalogueTab {
  readonly type: string;
  readonly labels: Translations<string>;
}

/** One game as sold in one area: what the main page of `?game_id=&area=` shows. */
export interface GameArea {
  readonly gameId: number;
  readonly area: string;
  /** null: not set for this area (the store-wide link applies); "": deliberately none. */
  readonly customerServiceUrl: string | null;
  /** Tab keys (`type`), in display order. */
  readonly tabs: readonly string[];
  readonly tabLabels: ReadonlyMap<string, Translations<string>>;
  readonly payTypes: readonly CataloguePayType[];
  /** Active bundles of each tab, in display order, with those outside their sale window (sale-window.ts). */
  readonly bundlesByTab: ReadonlyMap<string, readonly CatalogueBundle[]>;
  readonly banners: readonly CatalogueBanner[];
  readonly servers: readonly CatalogueServer[];
  /** The page's region picker in this area (spec §9), or null. */
  readonly regionPicker: RegionPicker | null;
}

/** The whole catalogue, held in memory by every server process. */
export interface Catalogue {
  readonly revision: number;
  readonly games: ReadonlyMap<number, CatalogueGame>;
  /** Key `${gameId}:${area}`. */
  readonly gameAreas: ReadonlyMap<string, GameArea>;
  /** Key `${gameId}:${serverId}`. */
  readonly servers: ReadonlyMap<string, CatalogueServer>;
  /** The servers closed by the catalogue (not offered), key `${gameId}:${serverId}`: refused as closed, not as unknown. */
  readonly closedServers?: ReadonlyMap<string, CatalogueServer>;
  readonly storeBanners: readonly CatalogueBanner[];
  readonly storeCustomerServiceUrl: string;
  /** Every time a bundle's sale starts or ends, in order (ms): what players are offered changes only then. */
  readonly saleChanges: readonly number[];
  /** Each game's rules of spec §9 (region pickers, lookup switches), as the pages get them. */
  readonly rules: GameRules;
}

export function gameAreaKey(gameId: number, area: string): string {
  return `${gameId}:${area}`;
}

export function findGameArea(catalogue: Catalogue, gameId: number, area: string): GameArea | undefined {
  return catalogue.gameAreas.get(gameAreaKey(gameId, area));
}

export function findServer(catalogue: Catalogue, gameId: number, serverId: string): CatalogueServer | undefined {
  return catalogue.servers.get(`${gameId}:${serverId}`);
}

/** The game's server, or why there is none to buy on: `closed` when the catalogue closed it, `unknown` otherwise (or in another area). */
export function openServer(catalogue: Catalogue, gameId: number, serverId: string, area: string): CatalogueServer | 'closed' | 'unknown' {
  const server = findServer(catalogue, gameId, serverId);
  if (server && server.area === area) return server;
  const closed = catalogue.closedServers?.get(`${gameId}:${serverId}`);
  return closed && closed.area === area ? 'closed' : 'unknown';
}

/** Every pay type the catalogue offers, with where ("game 18, area kr"). */
export function offeredPayTypes(catalogue: Catalogue): Array<{ readonly where: string; readonly payType: string }> {
  return [...catalogue.gameAreas.values()].flatMap((gameArea) =>
    gameArea.payTypes.map((pay) => ({ where: `game ${gameArea.gameId}, area ${gameArea.area}`, payType: pay.payType })),
  );
}
