import type { Queryable } from '../db/db';
import type {
  Catalogue,
  CatalogueBanner,
  CatalogueBundle,
  CatalogueGame,
  CataloguePayType,
  CatalogueServer,
  GameArea,
} from './catalogue';
import { gameAreaKey } from './catalogue';
import { payBrandMarks } from './pay-brands';
import { isoTimeSql } from './sale-window';
import type { GameRule, GameRules, RegionPicker } from '@topup/shared/rules';
import type { BannerRecord, BundleRecord, GameAreaRecord, GameRecord, PayTypeRecord, ProductTabRecord, RegionPickerRecord, ServerRecord } from './write-catalogue';

/** A table's row as the catalogue reads it: its written record without the columns only ORDER BY uses. */
type GameRow = Omit<GameRecord, 'sort'> & { game_server_url: string; game_server_secret: string };
type AreaRow = Omit<GameAreaRecord, 'sort'>;
type ServerRow = Omit<ServerRecord, 'sort'>;
type TabRow = Omit<ProductTabRecord, 'sort'>;
type PayTypeRow = Omit<PayTypeRecord, 'sort'>;
type BundleRow = Omit<BundleRecord, 'active' | 'sort'> & { id: number };
type BannerRow = Omit<BannerRecord, 'sort'>;

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

const areaKeyOf = (row: { game_id: number; area: string }) => gameAreaKey(row.game_id, row.area);

/** Reads the whole catalogue in one consistent snapshot. */
export async function loadCatalogue(db: Queryable): Promise<Catalogue> {
  // One statement per table, one after the other: a transaction's connection runs one query at a time.
  const revisionRows = await db.query<{ revision: number }>('SELECT revision FROM catalogue_revision WHERE id = 1');
  const gameRows = await db.query<GameRow>(
    `SELECT game_id, names, descriptions, icon_url, role_lookup, server_sign_required, role_help_image, in_voucher_centre,
            game_server_url, game_server_secret, help, rewards
       FROM games ORDER BY sort, game_id`,
  );
  const areaRows = await db.query<AreaRow>('SELECT game_id, area, customer_service_url, region_picker FROM game_areas ORDER BY game_id, sort, area');
  const serverRows = await db.query<ServerRow>(
    // A closed server is not offered: players neither see it nor find characters on it.
    'SELECT game_id, area, region, server_id, server_name, server_sign FROM servers WHERE open ORDER BY game_id, area, sort, server_id',
  );
  // Closed ones are known only to say so: a lookup or an order on one is refused as closed, not unknown.
  const closedRows = await db.query<ServerRow>('SELECT game_id, area, region, server_id, server_name, server_sign FROM servers WHERE NOT open');
  const tabRows = await db.query<TabRow>('SELECT game_id, area, type, labels FROM product_tabs ORDER BY game_id, area, sort, type');
  const payTypeRows = await db.query<PayTypeRow>(
    'SELECT game_id, area, pay_type, name, names, icon_url, brands, price_percent FROM pay_types ORDER BY game_id, area, sort, pay_type',
  );
  const bundleRows = await db.query<BundleRow>(
    `SELECT id, game_id, area, type, product_id, product_name, product_content, product_file_url, price_minor,
            first_buy_offer, first_pay_icon, first_pay_content, pay_icon, pay_content, items, first_buy_items, bonus_items,
            role_buy_limit, role_buy_limit_period, texts,
            ${isoTimeSql('sale_starts_at')} AS sale_starts_at, ${isoTimeSql('sale_ends_at')} AS sale_ends_at
       FROM bundles WHERE active ORDER BY game_id, area, type, sort, id`,
  );
  const bannerRows = await db.query<BannerRow>(
    `SELECT banner_key, game_id, area, url, slideshow_url, texts, ${isoTimeSql('starts_at')} AS starts_at, ${isoTimeSql('ends_at')} AS ends_at
       FROM banners ORDER BY sort, banner_key`,
  );
  const settingRows = await db.query<{ key: string; value: string }>('SELECT key, value FROM store_settings');

  const serversByArea = groupBy(serverRows, areaKeyOf);
  const tabsByArea = groupBy(tabRows, areaKeyOf);
  const payTypesByArea = groupBy(payTypeRows, areaKeyOf);
  const bundlesByArea = groupBy(bundleRows, areaKeyOf);
  const gameBanners = groupBy(
    bannerRows.filter((row) => row.game_id !== null),
    (row) => gameAreaKey(row.game_id as number, row.area),
  );
  const areasByGame = groupBy(areaRows, (row) => String(row.game_id));

  const games = new Map<number, CatalogueGame>();
  for (const row of gameRows) {
    games.set(row.game_id, {
      gameId: row.game_id,
      names: row.names,
      descriptions: row.descriptions,
      iconUrl: row.icon_url,
      roleLookup: row.role_lookup,
      serverSignRequired: row.server_sign_required,
      roleHelpImage: row.role_help_image,
      inVoucherCentre: row.in_voucher_centre,
      help: row.help ?? {},
      rewards: row.rewards ?? null,
      gameServer: row.game_server_url ? { url: row.game_server_url, secret: row.game_server_secret } : null,
      areas: (areasByGame.get(String(row.game_id)) ?? []).map((area) => area.area),
    });
  }

  const servers = new Map<string, CatalogueServer>();
  const gameAreas = new Map<string, GameArea>();
  for (const row of areaRows) {
    const key = areaKeyOf(row);
    const areaServers = (serversByArea.get(key) ?? []).map(toServer);
    for (const server of areaServers) servers.set(`${server.gameId}:${server.serverId}`, server);
    const bundles = (bundlesByArea.get(key) ?? []).map(toBundle);
    const bundlesByTab = new Map<string, CatalogueBundle[]>();
    const tabs = tabsByArea.get(key) ?? [];
    for (const tab of tabs) bundlesByTab.set(tab.type, bundles.filter((b) => b.type === tab.type));
    const tabLabels = new Map(tabs.map((tab) => [tab.type, tab.labels ?? {}]));
    const payTypes = (payTypesByArea.get(key) ?? []).map(toPayType);
    const banners = (gameBanners.get(key) ?? []).map(toBanner);
    gameAreas.set(key, {
      gameId: row.game_id,
      area: row.area,
      customerServiceUrl: row.customer_service_url,
      tabs: tabs.map((tab) => tab.type),
      tabLabels,
      payTypes,
      bundlesByTab,
      banners,
      servers: areaServers,
      regionPicker: row.region_picker ? toRegionPicker(row.region_picker) : null,
    });
  }

  const settings = new Map(settingRows.map((row) => [row.key, row.value]));
  const closedServers = new Map(closedRows.map(toServer).map((server) => [`${server.gameId}:${server.serverId}`, server]));
  return {
    revision: revisionRows[0]?.revision ?? 0,
    games,
    gameAreas,
    servers,
    closedServers,
    storeBanners: bannerRows.filter((row) => row.game_id === null).map(toBanner),
    storeCustomerServiceUrl: settings.get('customer_service_url') ?? '',
    saleChanges: saleChanges(bundleRows),
    rules: gameRules(games, gameAreas),
  };
}

function toRegionPicker(record: RegionPickerRecord): RegionPicker {
  return { param: record.param, options: record.options.map(({ label, value }) => ({ label, value })), defaultValue: record.default_value };
}

/** What the pages must know of each game before its first call: only games with a rule are listed. */
function gameRules(games: ReadonlyMap<number, CatalogueGame>, gameAreas: ReadonlyMap<string, GameArea>): GameRules {
  const rules: Record<string, GameRule> = {};
  for (const game of games.values()) {
    const regions: Record<string, RegionPicker> = {};
    for (const area of game.areas) {
      const picker = gameAreas.get(gameAreaKey(game.gameId, area))?.regionPicker;
      if (picker) regions[area] = picker;
    }
    const rule: GameRule = {
      ...(game.roleLookup === 'name' ? { byName: true as const } : {}),
      ...(game.serverSignRequired ? { serverSign: true as const } : {}),
      ...(game.roleHelpImage ? { helpImage: game.roleHelpImage } : {}),
      ...(Object.keys(regions).length ? { regions } : {}),
    };
    if (Object.keys(rule).length) rules[String(game.gameId)] = rule;
  }
  return rules;
}

function toServer(row: ServerRow): CatalogueServer {
  return {
    gameId: row.game_id,
    area: row.area,
    region: row.region,
    serverId: row.server_id,
    serverName: row.server_name,
    serverSign: row.server_sign,
  };
}

function toPayType(row: PayTypeRow): CataloguePayType {
  return { payType: row.pay_type, name: row.name, names: row.names ?? {}, iconUrl: row.icon_url, brands: payBrandMarks(Array.isArray(row.brands) ? row.brands : []), pricePercent: row.price_percent ?? 0 };
}

function toBanner(row: BannerRow): CatalogueBanner {
  return {
    key: row.banner_key,
    url: row.url,
    slideshowUrl: row.slideshow_url,
    texts: row.texts ?? {},
    startsAt: row.starts_at ? Date.parse(row.starts_at) : null,
    endsAt: row.ends_at ? Date.parse(row.ends_at) : null,
  };
}

function toBundle(row: BundleRow): CatalogueBundle {
  return {
    id: row.id,
    gameId: row.game_id,
    area: row.area,
    type: row.type,
    productId: row.product_id,
    productName: row.product_name,
    productContent: row.product_content,
    productFileUrl: row.product_file_url,
    priceMinor: row.price_minor,
    firstBuyOffer: row.first_buy_offer,
    firstPayIcon: row.first_pay_icon,
    firstPayContent: row.first_pay_content,
    payIcon: row.pay_icon,
    payContent: row.pay_content,
    items: row.items,
    firstBuyItems: row.first_buy_items,
    bonusItems: row.bonus_items,
    roleBuyLimit: row.role_buy_limit,
    roleBuyLimitPeriod: row.role_buy_limit_period,
    saleStartsAt: timeOf(row.sale_starts_at),
    saleEndsAt: timeOf(row.sale_ends_at),
    texts: row.texts ?? {},
  };
}

const timeOf = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

function saleChanges(rows: readonly BundleRow[]): number[] {
  const times = rows.flatMap((row) => [timeOf(row.sale_starts_at), timeOf(row.sale_ends_at)]).filter((time): time is number => time !== null);
  return [...new Set(times)].sort((a, b) => a - b);
}
