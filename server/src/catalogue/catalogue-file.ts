import type { CatalogueRevisionRow } from '@topup/shared/types';
import type { Db, Queryable } from '../db/db';
import type { CatalogueCache } from './catalogue-cache';
import { updateCatalogue } from './update-catalogue';
import {
  upsertBanners,
  upsertBundles,
  upsertGameAreas,
  upsertGames,
  upsertPayTypes,
  upsertProductTabs,
  upsertServers,
  upsertStoreSettings,
  type BannerRecord,
  type BundleRecord,
  type GameAreaRecord,
  type GameRecord,
  type PayTypeRecord,
  type ProductTabRecord,
  type ServerRecord,
  type StoreSettingRecord,
} from './write-catalogue';
import SCHEMA from './catalogue-file.schema.json';
import { checkLayoutInTurns, checkLayoutNow, ProblemList } from './catalogue-file-schema';
import { CATALOGUE_IMAGES_PATH } from './catalogue-images';
import { PICTURE_FIELDS, pictureProblem, pictureProblemText, pictureSource, rowPictureProblems, uploadedAddressesOf, type PictureSource } from './catalogue-pictures';
import { diffCatalogue, ROW_KEYS, LARGE_PRICE_CHANGE_PERCENT, largePriceChanges, type CatalogueDiff, type PriceChange } from './catalogue-diff';
import { bundleSaleProblems, isoTimeSql } from './sale-window';
import { bundleTagProblems } from './bundle-tag-checks';
import { bannerLinkProblem, bannerWindowProblems } from './banner-schedule';
import { linkProblem } from './catalogue-links';
import { readDiscountCodeRecords, readPostPurchaseOfferRecords, upsertDiscountCodes, upsertPostPurchaseOffers } from '../discounts';
import { postPurchaseOfferProblems } from './post-purchase-offer-checks';
import { discountCodeProblems } from './discount-code-checks';
import { regionPickerProblems } from './region-picker-checks';

export type { CatalogueFile } from './catalogue-file-shape';
import type { CatalogueFile } from './catalogue-file-shape';
import type { GameRewards } from './catalogue';

export const CATALOGUE_SCHEMA_ID = SCHEMA.$id;

const LISTS = ['games', 'game_areas', 'servers', 'product_tabs', 'pay_types', 'bundles', 'banners', 'store_settings', 'discount_codes', 'post_purchase_offers'] as const;

/** Reads the catalogue's tables into a file, in their display order. */
export async function exportCatalogue(db: Queryable): Promise<CatalogueFile> {
  const games = await db.query<GameRecord>(
    `SELECT game_id, names, descriptions, icon_url, role_lookup, server_sign_required, role_help_image, in_voucher_centre, sort, help, rewards
       FROM games ORDER BY sort, game_id`,
  );
  const gameAreas = await db.query<GameAreaRecord>('SELECT game_id, area, customer_service_url, region_picker, sort FROM game_areas ORDER BY game_id, sort, area');
  const servers = await db.query<ServerRecord>(
    'SELECT game_id, area, region, server_id, server_name, server_sign, sort, open FROM servers ORDER BY game_id, area, sort, server_id',
  );
  const tabs = await db.query<ProductTabRecord>('SELECT game_id, area, type, labels, sort FROM product_tabs ORDER BY game_id, area, sort, type');
  const payTypes = await db.query<PayTypeRecord>(
    'SELECT game_id, area, pay_type, name, names, icon_url, brands, sort, price_percent FROM pay_types ORDER BY game_id, area, sort, pay_type',
  );
  const bundles = await db.query<BundleRecord>(
    `SELECT game_id, area, type, product_id, product_name, product_content, product_file_url, price_minor, first_buy_offer,
            first_pay_icon, first_pay_content, pay_icon, pay_content, items, first_buy_items, bonus_items, role_buy_limit, texts, active, sort,
            role_buy_limit_period, ${isoTimeSql('sale_starts_at')} AS sale_starts_at, ${isoTimeSql('sale_ends_at')} AS sale_ends_at
       FROM bundles ORDER BY game_id, area, type, sort, product_id`,
  );
  const banners = await db.query<BannerRecord>(
    `SELECT banner_key, game_id, area, url, slideshow_url, texts, sort, ${isoTimeSql('starts_at')} AS starts_at, ${isoTimeSql('ends_at')} AS ends_at
       FROM banners ORDER BY game_id NULLS FIRST, area, sort, banner_key`,
  );
  const settings = await db.query<StoreSettingRecord>('SELECT key, value FROM store_settings ORDER BY key');
  return {
    $schema: CATALOGUE_SCHEMA_ID,
    format: 1,
    games,
    game_areas: gameAreas,
    servers,
    product_tabs: tabs,
    pay_types: payTypes,
    bundles,
    banners,
    store_settings: settings,
    discount_codes: await readDiscountCodeRecords(db),
    post_purchase_offers: await readPostPurchaseOfferRecords(db),
  };
}

/** Where a problem is: `bundles[3] (18-us-currency-300)`. */
function at(list: string, index: number, name?: string): string {
  return `${list}[${index}]${name ? ` (${name})` : ''}`;
}

function duplicates<T>(rows: readonly T[], keyOf: (row: T) => string, list: string, what: string, problems: string[]): void {
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const key = keyOf(row);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else problems.push(`${at(list, index, key)}: the same ${what} as ${at(list, first)}`);
  });
}

export interface CatalogueCheckOptions {
  /** Hosts a banner may link to over https (the server's BANNER_LINK_HOSTS); none unless given. */
  readonly bannerLinkHosts?: readonly string[];
  /** The pay types the store's payment provider takes; any when not given (a file checked on its own). */
  readonly payTypes?: readonly string[];
  /**
   * The uploaded pictures looked up for this file (pictureSource); without it, the store's own files under
   * /assets/ are still checked and uploaded ones are not (a file checked with no database at hand).
   */
  readonly pictures?: PictureSource;
}

/**
 * The file with each row that is not an object (refused by its layout) as an empty one, so that the rules
 * can look at the others in the same pass; the rows' places, which problems name, stay.
 */
function withObjectRows(value: unknown, invalid: Set<unknown>): CatalogueFile {
  const file = { ...(value as Record<string, unknown>) };
  for (const list of LISTS) {
    const rows = file[list];
    if (!Array.isArray(rows) || rows.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row))) continue;
    file[list] = rows.map((row) => {
      if (row !== null && typeof row === 'object' && !Array.isArray(row)) return row;
      const empty = {};
      invalid.add(empty);
      return empty;
    });
  }
  return file as unknown as CatalogueFile;
}

/**
 * The problems of a file, each with where it is, all in one pass: its layout against the JSON Schema
 * first, then the rules the schema cannot say (what refers to what, no empty tab, every area with a server
 * and a pay method, a sale window's end after its start, pictures the store has) on every row whose layout
 * is right. An empty list: the file may be imported. The first LISTED_PROBLEMS are listed and a last line
 * counts the rest. Fields a file may leave out are written into it with their defaults (a bundle's sale
 * window and its limit's period). Every check is linear in the file's size, and no list may hold more rows
 * than the schema's maxItems (a file whose frame is wrong — a list missing or too long — is refused for that
 * alone, before any row is read).
 */
export function checkCatalogueFile(value: unknown, options: CatalogueCheckOptions = {}): string[] {
  const problems = new ProblemList();
  const invalid = new Set<unknown>();
  if (checkLayoutNow(value, problems, invalid)) for (const problem of ruleProblems(withObjectRows(value, invalid), options, invalid)) problems.add(problem);
  return problems.summary();
}

/**
 * The same checks a slice at a time, the store answering other requests in between: for a file sent
 * to the store (the back office's check and import, `npm run catalogue`).
 */
export async function checkCatalogueFileInTurns(value: unknown, options: CatalogueCheckOptions = {}): Promise<string[]> {
  const problems = new ProblemList();
  const invalid = new Set<unknown>();
  if (await checkLayoutInTurns(value, problems, invalid)) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (const problem of ruleProblems(withObjectRows(value, invalid), options, invalid)) problems.add(problem);
  }
  return problems.summary();
}

/** Why a game's rewards are refused; the editor shows it in the operator's language by `reason`, next to `field`. */
export interface RewardProblem {
  readonly field: 'time_zone' | 'tiers' | 'redeem';
  readonly reason: 'timeZone' | 'tierOrder' | 'rewardTwice';
  /** The time zone refused, or the reward ID named twice. */
  readonly value?: string;
}

/** A reward problem in words (English: files, the CLI and the API; the editor translates by reason). */
export function rewardProblemText(problem: RewardProblem): string {
  switch (problem.reason) {
    case 'timeZone':
      return `rewards.time_zone "${problem.value ?? ''}" is not a time zone (use an IANA name such as Asia/Seoul)`;
    case 'tierOrder':
      return 'rewards.tiers must go from the fewest points up, each with more than the one before';
    default:
      return `rewards.redeem names the reward "${problem.value ?? ''}" twice: each reward needs an ID of its own`;
  }
}

/**
 * A game's rewards: a time zone the store knows, tiers from the lowest up, each reward bought with points
 * by an ID of its own. The file's check, the draft's save and the editor's words all come from here.
 */
export function rewardProblemsOf(rewards: GameRewards | null): RewardProblem[] {
  if (!rewards) return [];
  const problems: RewardProblem[] = [];
  try {
    new Intl.DateTimeFormat('en', { timeZone: rewards.time_zone });
  } catch {
    problems.push({ field: 'time_zone', reason: 'timeZone', value: rewards.time_zone });
  }
  const thresholds = rewards.tiers.map((tier) => tier.min_points);
  if (thresholds.some((points, index) => index > 0 && points <= thresholds[index - 1]!)) problems.push({ field: 'tiers', reason: 'tierOrder' });
  const seen = new Set<string>();
  for (const reward of rewards.redeem ?? []) {
    if (seen.has(reward.reward_id)) problems.push({ field: 'redeem', reason: 'rewardTwice', value: reward.reward_id });
    seen.add(reward.reward_id);
  }
  return problems;
}

const rewardProblems = (rewards: GameRewards | null): string[] => rewardProblemsOf(rewards).map(rewardProblemText);

/**
 * What the schema cannot say of a file whose frame is right. Rows of the wrong layout (`invalid`) are not
 * judged themselves, but still count as there (a tab whose only bundle has a bad price is not also said
 * to offer no bundle).
 */
function ruleProblems(file: CatalogueFile, options: CatalogueCheckOptions, invalid: ReadonlySet<unknown> = new Set()): string[] {
  const problems: string[] = [];
  const ok = (row: unknown) => !invalid.has(row);
  const games = new Set(file.games.map((game) => game.game_id));
  const areaKey = (row: { game_id: number; area: string }) => `${row.game_id}/${row.area}`;
  const areas = new Set(file.game_areas.map(areaKey));
  const tabKey = (row: { game_id: number; area: string; type: string }) => `${row.game_id}/${row.area}/${row.type}`;
  const tabs = new Set(file.product_tabs.map(tabKey));

  duplicates(file.games, (g) => String(g.game_id), 'games', 'game_id', problems);
  duplicates(file.game_areas, areaKey, 'game_areas', 'game and area', problems);
  duplicates(file.servers, (s) => `${s.game_id}/${s.server_id}`, 'servers', 'game and server_id', problems);
  duplicates(file.product_tabs, tabKey, 'product_tabs', 'game, area and type', problems);
  duplicates(file.pay_types, (p) => `${p.game_id}/${p.area}/${p.pay_type}`, 'pay_types', 'game, area and pay_type', problems);
  duplicates(file.bundles, (b) => b.product_id, 'bundles', 'product_id', problems);
  duplicates(file.banners, (b) => b.banner_key, 'banners', 'banner_key', problems);
  duplicates(file.store_settings, (s) => s.key, 'store_settings', 'key', problems);
  duplicates(file.discount_codes ?? [], (c) => c.code, 'discount_codes', 'code', problems);
  duplicates(file.post_purchase_offers ?? [], areaKey, 'post_purchase_offers', 'game and area', problems);
  file.games.forEach((game, index) => {
    if (!invalid.has(game)) problems.push(...rewardProblems(game.rewards ?? null).map((problem) => `${at('games', index, String(game.game_id))}: ${problem}`));
  });

  const hosts = options.bannerLinkHosts ?? [];
  const serviceLink = (url: string | null) => (url ? linkProblem(url, hosts, 'customer-service buttons') : null);
  file.game_areas.forEach((row, index) => {
    if (!ok(row)) return;
    if (!games.has(row.game_id)) problems.push(`${at('game_areas', index, areaKey(row))}: game ${row.game_id} is not in games`);
    const link = serviceLink(row.customer_service_url);
    if (link) problems.push(`${at('game_areas', index, areaKey(row))}: customer_service_url: ${link}`);
  });
  file.store_settings.forEach((row, index) => {
    if (!ok(row)) return;
    const link = row.key === 'customer_service_url' ? serviceLink(row.value) : null;
    if (link) problems.push(`${at('store_settings', index, row.key)}: ${link}`);
  });
  for (const [list, rows] of [
    ['servers', file.servers],
    ['product_tabs', file.product_tabs],
    ['pay_types', file.pay_types],
  ] as const) {
    rows.forEach((row, index) => {
      if (!ok(row)) return;
      if (!areas.has(areaKey(row))) problems.push(`${at(list, index, areaKey(row))}: game ${row.game_id} is not sold in area "${row.area}" (game_areas)`);
    });
  }
  const pictures = options.pictures ?? { uploaded: null };
  file.bundles.forEach((row, index) => {
    if (!ok(row)) return;
    if (!tabs.has(tabKey(row))) problems.push(`${at('bundles', index, row.product_id)}: there is no tab "${row.type}" for game ${row.game_id} in area "${row.area}"`);
    if (row.first_buy_offer && row.first_buy_items.length === 0 && !row.first_pay_content) {
      problems.push(`${at('bundles', index, row.product_id)}: a first-purchase offer needs its bonus items or its text`);
    }
    for (const problem of bundleSaleProblems(row)) problems.push(`${at('bundles', index, row.product_id)}: ${problem}`);
    // A tag never promises more than the items give ("+25%" for 24.7 %, "×2" for part of a pack).
    for (const problem of bundleTagProblems(row)) problems.push(`${at('bundles', index, row.product_id)}: ${problem}`);
    for (const problem of rowPictureProblems('bundles', row, pictures)) problems.push(`${at('bundles', index, row.product_id)}: ${pictureProblemText(problem)}`);
  });
  file.banners.forEach((row, index) => {
    if (!ok(row)) return;
    for (const problem of rowPictureProblems('banners', row, pictures)) problems.push(`${at('banners', index, row.banner_key)}: ${pictureProblemText(problem)}`);
    if (row.game_id !== null && !games.has(row.game_id)) problems.push(`${at('banners', index, row.banner_key)}: game ${row.game_id} is not in games`);
    const link = bannerLinkProblem(row.url, hosts);
    if (link) problems.push(`${at('banners', index, row.banner_key)}: ${link}`);
    for (const problem of bannerWindowProblems(row)) problems.push(`${at('banners', index, row.banner_key)}: ${problem}`);
  });
  const offered = new Set(file.bundles.filter((b) => b.active).map(tabKey));
  file.product_tabs.forEach((row, index) => {
    if (!ok(row)) return;
    if (!offered.has(tabKey(row))) problems.push(`${at('product_tabs', index, tabKey(row))}: the tab offers no active bundle`);
  });
  if (options.payTypes) {
    const taken = new Set(options.payTypes);
    file.pay_types.forEach((row, index) => {
      if (!ok(row)) return;
      if (!taken.has(row.pay_type)) {
        problems.push(`${at('pay_types', index, `${areaKey(row)}/${row.pay_type}`)}: the payment provider takes no pay type "${row.pay_type}" (it takes ${options.payTypes!.join(', ')})`);
      }
    });
  }
  const withServer = new Set(file.servers.map(areaKey));
  const withOpenServer = new Set(file.servers.filter((server) => server.open !== false).map(areaKey));
  const withPayType = new Set(file.pay_types.map(areaKey));
  file.game_areas.forEach((row, index) => {
    if (!ok(row)) return;
    if (!withServer.has(areaKey(row))) problems.push(`${at('game_areas', index, areaKey(row))}: the area has no server`);
    else if (!withOpenServer.has(areaKey(row))) problems.push(`${at('game_areas', index, areaKey(row))}: every server of the area is closed (players could choose none)`);
    if (!withPayType.has(areaKey(row))) problems.push(`${at('game_areas', index, areaKey(row))}: the area has no pay method`);
  });
  problems.push(...discountCodeProblems(file, (index, code) => at('discount_codes', index, code), ok));
  problems.push(...regionPickerProblems(file, (index, key) => at('game_areas', index, key), ok));
  problems.push(...postPurchaseOfferProblems(file, (index, key) => at('post_purchase_offers', index, key), ok));
  if (pictures.uploaded !== null) problems.push(...notUploaded(file, pictures.uploaded, ok));
  return problems;
}

/** A file that cannot be imported, with every problem found in it. */
export class CatalogueFileError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The catalogue file is refused (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'CatalogueFileError';
  }
}

/** What of the catalogue now a file leaves out: importing it would remove these, which an import does not do. */
function leftOut(now: CatalogueFile, file: CatalogueFile): string[] {
  const missing = <T>(list: string, current: readonly T[], next: readonly T[], keyOf: (row: T) => string) => {
    const kept = new Set(next.map(keyOf));
    return current.filter((row) => !kept.has(keyOf(row))).map((row) => `${list}: ${keyOf(row)}`);
  };
  return [
    ...missing('games', now.games, file.games, (g) => String(g.game_id)),
    ...missing('game_areas', now.game_areas, file.game_areas, (a) => `${a.game_id}/${a.area}`),
    ...missing('servers', now.servers, file.servers, (s) => `${s.game_id}/${s.server_id}`),
    ...missing('product_tabs', now.product_tabs, file.product_tabs, (t) => `${t.game_id}/${t.area}/${t.type}`),
    ...missing('pay_types', now.pay_types, file.pay_types, (p) => `${p.game_id}/${p.area}/${p.pay_type}`),
    ...missing('bundles', now.bundles, file.bundles, (b) => b.product_id),
    ...missing('banners', now.banners, file.banners, (b) => b.banner_key),
    ...missing('store_settings', now.store_settings, file.store_settings, (s) => s.key),
    ...(file.discount_codes ? missing('discount_codes', now.discount_codes ?? [], file.discount_codes, (c) => c.code) : []),
    ...(file.post_purchase_offers ? missing('post_purchase_offers', now.post_purchase_offers ?? [], file.post_purchase_offers, (o) => `${o.game_id}/${o.area}`) : []),
  ];
}

export interface ImportOutcome {
  /** The catalogue's revision after the import. */
  readonly revision: number;
  readonly counts: Readonly<Record<string, number>>;
  /** The prices it changed by more than LARGE_PRICE_CHANGE_PERCENT (confirmed a second time): the price-change alert's facts. */
  readonly largePriceChanges?: readonly PriceChange[];
}

/** Who imports a file, and why: kept with the revision it makes. */
export interface ImportRecord {
  readonly actor: string;
  readonly reason: string;
  readonly source: 'import' | 'back-office' | 'seed';
  /**
   * The file is a part of the catalogue (the demo seed's): what it leaves out stays as it is, instead of
   * the file being refused for it. An import never removes anything either way.
   */
  readonly partial?: boolean;
  /** Writes the audit row in the import's transaction. */
  readonly audit?: (tx: Queryable, outcome: ImportOutcome) => Promise<void>;
  /** The operator confirmed a second time the price changes over LARGE_PRICE_CHANGE_PERCENT. */
  readonly confirmedLargePriceChanges?: boolean;
  /** What the checks allow beyond the store's own defaults (BANNER_LINK_HOSTS). */
  readonly checks?: CatalogueCheckOptions;
}

/** A file that changes prices by more than LARGE_PRICE_CHANGE_PERCENT, imported without the second confirmation. */
export class LargePriceChangeError extends Error {
  constructor(readonly changes: readonly PriceChange[]) {
    super(
      `The file changes ${changes.length} price${changes.length === 1 ? '' : 's'} by more than ${LARGE_PRICE_CHANGE_PERCENT} %; confirm them to import it:\n${changes
        .map((c) => `  - ${c.product_id}: ${c.from_minor} → ${c.to_minor} (${c.percent > 0 ? '+' : ''}${c.percent} %)`)
        .join('\n')}`,
    );
    this.name = 'LargePriceChangeError';
  }
}

/**
 * Uploaded pictures (`/assets/catalogue/…`) that any other field of a file shows (a game's icon, a pay
 * method's) and that were never uploaded, each with where it is; a banner's and a bundle's pictures are
 * checked with the rows' other rules.
 */
function notUploaded(file: CatalogueFile, uploaded: ReadonlySet<string>, ok: (row: unknown) => boolean): string[] {
  const problems: string[] = [];
  for (const list of LISTS) {
    const keyOf = ROW_KEYS[list] as (row: unknown) => string;
    const own = (PICTURE_FIELDS as Record<string, readonly string[]>)[list] ?? [];
    ((file[list] ?? []) as readonly object[]).forEach((row, index) => {
      if (!ok(row)) return;
      for (const [field, value] of Object.entries(row)) {
        if (own.includes(field) || typeof value !== 'string' || !value.startsWith(CATALOGUE_IMAGES_PATH)) continue;
        const problem = pictureProblem(field, value, { uploaded });
        if (problem) problems.push(`${at(list, index, keyOf(row))}: ${pictureProblemText(problem)}`);
      }
    });
  }
  return problems;
}

/** The pictures of a file that the store has uploaded, looked up in one query: what its checks need. */
export async function picturesOf(db: Queryable, value: unknown): Promise<PictureSource> {
  const file = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return pictureSource(db, uploadedAddressesOf(LISTS.flatMap((list) => (Array.isArray(file[list]) ? (file[list] as unknown[]) : []))));
}

/** Writes every row of a checked file into the catalogue's tables (added or changed), in the caller's transaction. */
export async function writeCatalogueRows(tx: Queryable, file: CatalogueFile): Promise<void> {
  await upsertGames(tx, file.games);
  await upsertGameAreas(tx, file.game_areas);
  await upsertServers(tx, file.servers);
  await upsertProductTabs(tx, file.product_tabs);
  await upsertPayTypes(tx, file.pay_types);
  await upsertBundles(tx, file.bundles);
  await upsertBanners(tx, file.banners);
  await upsertStoreSettings(tx, file.store_settings);
  if (file.discount_codes) await upsertDiscountCodes(tx, file.discount_codes);
  if (file.post_purchase_offers) await upsertPostPurchaseOffers(tx, file.post_purchase_offers);
}

/** A file made inside the import's transaction from the catalogue as it stands (a draft applied to it). */
export type FileFromCatalogue = (tx: Queryable, now: CatalogueFile) => Promise<unknown>;

/**
 * Imports a file as one new catalogue revision: every row of the file is written (added or changed), in
 * one transaction with the revision's record, or nothing is. A file with problems is refused whole with
 * every problem listed; so is one that leaves out something the catalogue has (a bundle is retired with
 * `"active": false`, never by leaving it out: orders name it).
 */
export async function importCatalogue(db: Db, cache: CatalogueCache | null, value: unknown | FileFromCatalogue, record: ImportRecord): Promise<ImportOutcome> {
  if (typeof value !== 'function') {
    const problems = await checkCatalogueFileInTurns(value, { ...record.checks, pictures: await picturesOf(db, value) });
    if (problems.length > 0) throw new CatalogueFileError(problems);
  }
  return updateCatalogue(db, cache, async (tx) => {
    const now = await exportCatalogue(tx);
    // A file made from the catalogue as this transaction reads it (a draft applied to it) is checked here.
    const file = (typeof value === 'function' ? await (value as FileFromCatalogue)(tx, now) : value) as CatalogueFile;
    // The pictures are looked up again in the transaction (a file's were before it: none is ever deleted).
    if (typeof value === 'function') {
      const problems = checkCatalogueFile(file, { ...record.checks, pictures: await picturesOf(tx, file) });
      if (problems.length > 0) throw new CatalogueFileError(problems);
    }
    const removed = record.partial ? [] : leftOut(now, file);
    if (removed.length > 0) {
      throw new CatalogueFileError(removed.map((what) => `${what} is in the catalogue but not in the file (an import adds and changes, never removes; retire a bundle or a discount code with "active": false)`));
    }
    const diff = diffCatalogue(now, file);
    const large = largePriceChanges(diff);
    if (large.length > 0 && !record.confirmedLargePriceChanges) throw new LargePriceChangeError(large);
    await writeCatalogueRows(tx, file);
    const [row] = await tx.query<{ revision: number }>('SELECT revision::int AS revision FROM catalogue_revision');
    // The catalogue as the revision leaves it: what it keeps and counts (a part of the catalogue — a revert,
    // the seed — leaves more than its file holds).
    const after = await exportCatalogue(tx);
    const outcome: ImportOutcome = {
      // The revision this import makes (updateCatalogue bumps it as it commits).
      revision: (row?.revision ?? 0) + 1,
      counts: Object.fromEntries(LISTS.map((list) => [list, (after[list] ?? []).length])),
      ...(large.length > 0 ? { largePriceChanges: large } : {}),
    };
    await tx.query(
      `INSERT INTO catalogue_revisions (revision, actor, reason, source, counts, file, diff) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb)
       ON CONFLICT (revision) DO UPDATE SET created_at = now(), actor = EXCLUDED.actor, reason = EXCLUDED.reason, source = EXCLUDED.source,
         counts = EXCLUDED.counts, file = EXCLUDED.file, diff = EXCLUDED.diff`,
      [outcome.revision, record.actor, record.reason, record.source, JSON.stringify(outcome.counts), JSON.stringify(after), JSON.stringify(diff)],
    );
    await record.audit?.(tx, outcome);
    return outcome;
  });
}

/** The catalogue's revision now, and the revisions made from files, newest first. */
export async function catalogueRevisions(db: Queryable, limit = 100): Promise<{ current: number; revisions: CatalogueRevisionRow[] }> {
  const [row] = await db.query<{ revision: number }>('SELECT revision::int AS revision FROM catalogue_revision');
  const revisions = await db.query<CatalogueRevisionRow>(
    'SELECT revision, created_at::text, actor, reason, source, counts, diff IS NOT NULL AS has_diff FROM catalogue_revisions ORDER BY revision DESC LIMIT $1',
    [limit],
  );
  return { current: row?.revision ?? 0, revisions };
}

/** The whole catalogue as a revision made from a file left it; null when there is no such revision. */
export async function catalogueAtRevision(db: Queryable, revision: number): Promise<CatalogueFile | null> {
  const rows = await db.query<{ file: CatalogueFile }>('SELECT file FROM catalogue_revisions WHERE revision = $1', [revision]);
  return rows[0]?.file ?? null;
}

/** What a revision made from a file changed, as kept with it; null when there is no such revision or it kept none (made before migration 090). */
export async function catalogueRevisionDiff(db: Queryable, revision: number): Promise<CatalogueDiff | null> {
  const rows = await db.query<{ diff: CatalogueDiff | null }>('SELECT diff FROM catalogue_revisions WHERE revision = $1', [revision]);
  return rows[0]?.diff ?? null;
}
