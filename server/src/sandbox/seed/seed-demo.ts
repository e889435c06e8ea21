import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import { updateCatalogue } from '../../catalogue/update-catalogue';
import {
  upsertBanners,
  upsertBundles,
  upsertGameAreas,
  upsertGames,
  upsertPayTypes,
  upsertProductTabs,
  upsertServers,
  upsertStoreSettings,
} from '../../catalogue/write-catalogue';
import type { Db, Queryable } from '../../db/db';
import { seedDemoDiscountCodes } from '../../discounts/demo-discount-codes';
import { upsertRoles } from '../game/sandbox-roles';
import { DEMO_GAMES, type DemoGame } from './demo-games';
import { demoBundles, demoTabLabels, demoTabs } from './demo-bundles';
import { demoRoles } from './demo-roles';
import { demoBanners, demoCustomerServiceUrl, demoPayTypes, demoServerSign, STORE_BANNERS, STORE_SUPPORT_URL } from './demo-storefront';
import { seedDemoPurchases } from './seed-demo-purchases';

const areasOf = (game: DemoGame) => Object.keys(game.areas);

async function seedGames(tx: Queryable, games: readonly DemoGame[]): Promise<void> {
  await upsertGames(
    tx,
    games.map((game, index) => ({
      game_id: game.gameId,
      names: game.names,
      descriptions: game.descriptions,
      icon_url: `/assets/games/${game.gameId}.svg`,
      role_lookup: game.roleLookup ?? 'id',
      server_sign_required: game.serverSignRequired ?? false,
      role_help_image: game.roleHelpImage ? `/assets/help/${game.gameId}-role-id.svg` : '',
      in_voucher_centre: true,
      sort: index,
    })),
  );
  await upsertGameAreas(
    tx,
    games.flatMap((game) =>
      areasOf(game).map((area, index) => ({
        game_id: game.gameId,
        area,
        customer_service_url: demoCustomerServiceUrl(game, area),
        sort: index,
      })),
    ),
  );
}

async function seedServers(tx: Queryable, games: readonly DemoGame[]): Promise<void> {
  await upsertServers(
    tx,
    games.flatMap((game) =>
      Object.entries(game.areas).flatMap(([area, servers]) =>
        servers.map((server, index) => ({
          game_id: game.gameId,
          area,
          region: server.region ?? '',
          server_id: server.id,
          server_name: server.name,
          server_sign: demoServerSign(game, server.id),
          sort: index,
        })),
      ),
    ),
  );
}

async function seedShelves(tx: Queryable, games: readonly DemoGame[]): Promise<void> {
  const pairs = games.flatMap((game) => areasOf(game).map((area) => ({ game, area })));
  await upsertProductTabs(
    tx,
    pairs.flatMap(({ game, area }) => {
      const labels = demoTabLabels(area, game);
      return demoTabs(area, game).map((type, sort) => ({ game_id: game.gameId, area, type, labels: labels.get(type) ?? {}, sort }));
    }),
  );
  await upsertPayTypes(
    tx,
    pairs.flatMap(({ game, area }) =>
      demoPayTypes(game, area).map((pay, sort) => ({
        game_id: game.gameId,
        area,
        pay_type: pay.payType,
        name: pay.name,
        names: pay.names,
        icon_url: pay.iconUrl,
        brands: [...pay.brands],
        sort,
        price_percent: pay.pricePercent,
      })),
    ),
  );
  await upsertBundles(
    tx,
    pairs.flatMap(({ game, area }) =>
      demoBundles(game, area).map((bundle) => ({
        game_id: bundle.gameId,
        area: bundle.area,
        type: bundle.type,
        product_id: bundle.productId,
        product_name: bundle.productName,
        product_content: bundle.productContent,
        product_file_url: bundle.productFileUrl,
        price_minor: bundle.priceMinor,
        first_buy_offer: bundle.firstBuyOffer,
        first_pay_icon: bundle.firstPayIcon,
        first_pay_content: bundle.firstPayContent,
        pay_icon: bundle.payIcon,
        pay_content: bundle.payContent,
        items: bundle.items,
        first_buy_items: bundle.firstBuyItems,
        bonus_items: bundle.bonusItems,
        role_buy_limit: bundle.roleBuyLimit,
        texts: bundle.texts,
        active: true,
        sort: bundle.sort,
      })),
    ),
  );
  await upsertBanners(
    tx,
    [...STORE_BANNERS, ...pairs.flatMap(({ game, area }) => demoBanners(game, area))].map((banner) => ({
      banner_key: banner.key,
      game_id: banner.gameId,
      area: banner.area,
      url: banner.url,
      slideshow_url: banner.slideshowUrl,
      texts: banner.texts,
      sort: banner.sort,
    })),
  );
  await upsertStoreSettings(tx, [{ key: 'customer_service_url', value: STORE_SUPPORT_URL }]);
}

/**
 * Writes the demo catalogue, demo characters and a returning player's purchases.
 * Idempotent: running it again restores the demo rows and adds nothing twice; rows that
 * are not part of the demo are left alone.
 */
export interface SeedOptions {
  /** The demo discount codes too (`DEMO_DISCOUNT_CODES`); on by default. */
  readonly discountCodes?: boolean;
}

export async function seedDemo(
  db: Db,
  cache: CatalogueCache | null = null,
  games: readonly DemoGame[] = DEMO_GAMES,
  options: SeedOptions = {},
): Promise<void> {
  await updateCatalogue(db, cache, async (tx) => {
    await seedGames(tx, games);
    await seedServers(tx, games);
    await seedShelves(tx, games);
    await upsertRoles(tx, games.flatMap(demoRoles));
    await seedDemoPurchases(tx, games);
    if (options.discountCodes ?? true) await seedDemoDiscountCodes(tx);
  });
}

/**
 * Seeds a database that has no game yet (the first start), and again a demo catalogue seeded before
 * bundles listed the items they deliver (migration 040) or had their words in every language
 * (migration 057), so that its mails carry the items and its pages read in one language.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const rows = await db.query<{ games: number; unlisted_demo: number }>(
    `SELECT (SELECT count(*) FROM games)::int AS games,
            (SELECT count(*) FROM bundles WHERE product_id = $1 AND (items = '[]'::jsonb OR texts = '{}'::jsonb))::int AS unlisted_demo`,
    [DEMO_ITEMS_PROBE],
  );
  if ((rows[0]?.games ?? 0) > 0 && (rows[0]?.unlisted_demo ?? 0) === 0) return false;
  await seedDemo(db, null, DEMO_GAMES, options);
  return true;
}

/** A demo bundle that always lists its items and has its words in other languages once seeded. */
const DEMO_ITEMS_PROBE = '18-us-currency-300';
